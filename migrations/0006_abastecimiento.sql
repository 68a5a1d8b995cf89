CREATE TABLE "fincas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"productor_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"productor_nombre" text,
	"region" text NOT NULL,
	"municipio" text,
	"altitud" integer,
	"hectareas" real,
	"variedades" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificaciones" text[] DEFAULT '{}'::text[] NOT NULL,
	"ubicacion" jsonb,
	"foto" text,
	"propia" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lote_fincas" (
	"lote_id" uuid NOT NULL,
	"finca_id" uuid NOT NULL,
	CONSTRAINT "lote_fincas_lote_id_finca_id_pk" PRIMARY KEY("lote_id","finca_id")
);
--> statement-breakpoint
CREATE TABLE "plan_lineas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"componente" text NOT NULL,
	"origen" text NOT NULL,
	"proceso" text,
	"puntaje_min" numeric(5, 2),
	"periodo" text NOT NULL,
	"kg_objetivo" numeric(12, 3) NOT NULL,
	"precio_objetivo_centavos" integer,
	"presupuesto_centavos" integer,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"aviso_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comprador_id" uuid NOT NULL,
	"anio" integer NOT NULL,
	"nombre" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plazos_origen" (
	"comprador_id" uuid NOT NULL,
	"pais" text NOT NULL,
	"semanas_muestras" integer NOT NULL,
	"semanas_pss" integer NOT NULL,
	"semanas_transito" integer NOT NULL,
	CONSTRAINT "plazos_origen_comprador_id_pais_pk" PRIMARY KEY("comprador_id","pais")
);
--> statement-breakpoint
CREATE TABLE "respuestas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solicitud_id" uuid NOT NULL,
	"comprador_id" uuid NOT NULL,
	"productor_id" uuid NOT NULL,
	"lote_id" uuid,
	"precio_kg_centavos" integer NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"sacos" integer NOT NULL,
	"peso_saco_kg" real NOT NULL,
	"ventana_embarque" text NOT NULL,
	"gramos_muestra" integer,
	"puntaje" numeric(5, 2),
	"pais" text,
	"proceso" text,
	"mensaje" text DEFAULT '' NOT NULL,
	"estado" text NOT NULL,
	"muestra_id" uuid,
	"pedido_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumenes_solicitudes" (
	"productor_id" uuid PRIMARY KEY NOT NULL,
	"enviado_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitudes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comprador_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"origenes" text[] DEFAULT '{}'::text[] NOT NULL,
	"procesos" text[] DEFAULT '{}'::text[] NOT NULL,
	"variedades" text[] DEFAULT '{}'::text[] NOT NULL,
	"puntaje_min" numeric(5, 2),
	"puntaje_max" numeric(5, 2),
	"notas_cata" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificaciones" text[] DEFAULT '{}'::text[] NOT NULL,
	"sacos" integer NOT NULL,
	"peso_saco_kg" real NOT NULL,
	"precio_min_centavos" integer,
	"precio_max_centavos" integer,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"incoterm" text DEFAULT 'FOB' NOT NULL,
	"lugar_entrega" text,
	"entrega_desde" text,
	"entrega_hasta" text,
	"preparacion" text,
	"cierra_at" timestamp with time zone NOT NULL,
	"estado" text NOT NULL,
	"adjudicada" boolean DEFAULT false NOT NULL,
	"plan_linea_id" uuid,
	"publicada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fincas" ADD CONSTRAINT "fincas_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_fincas" ADD CONSTRAINT "lote_fincas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_fincas" ADD CONSTRAINT "lote_fincas_finca_id_fincas_id_fk" FOREIGN KEY ("finca_id") REFERENCES "public"."fincas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_lineas" ADD CONSTRAINT "plan_lineas_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plazos_origen" ADD CONSTRAINT "plazos_origen_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumenes_solicitudes" ADD CONSTRAINT "resumenes_solicitudes_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fincas_productor_idx" ON "fincas" USING btree ("productor_id","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "fincas_propia_uq" ON "fincas" USING btree ("productor_id") WHERE "fincas"."propia";--> statement-breakpoint
CREATE INDEX "lote_fincas_finca_idx" ON "lote_fincas" USING btree ("finca_id");--> statement-breakpoint
CREATE INDEX "plan_lineas_plan_idx" ON "plan_lineas" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planes_comprador_anio_uq" ON "planes" USING btree ("comprador_id","anio");--> statement-breakpoint
CREATE INDEX "respuestas_solicitud_idx" ON "respuestas" USING btree ("solicitud_id","created_at");--> statement-breakpoint
CREATE INDEX "respuestas_productor_idx" ON "respuestas" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "respuestas_viva_uq" ON "respuestas" USING btree ("solicitud_id","productor_id") WHERE "respuestas"."estado" <> 'RETIRADA';--> statement-breakpoint
CREATE INDEX "solicitudes_comprador_idx" ON "solicitudes" USING btree ("comprador_id","created_at");--> statement-breakpoint
CREATE INDEX "solicitudes_abiertas_idx" ON "solicitudes" USING btree ("estado","cierra_at");