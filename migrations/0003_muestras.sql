CREATE TABLE "eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"n" bigserial NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" uuid NOT NULL,
	"accion" text NOT NULL,
	"desde" text,
	"hacia" text NOT NULL,
	"actor_id" uuid,
	"actor_rol" text NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"muestra_id" uuid,
	"lote_id" uuid NOT NULL,
	"catador_id" uuid,
	"protocolo" text DEFAULT 'SCA_2004' NOT NULL,
	"hoja" jsonb NOT NULL,
	"puntaje_total" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "muestras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lote_id" uuid NOT NULL,
	"comprador_id" uuid NOT NULL,
	"productor_id" uuid NOT NULL,
	"tipo" text DEFAULT 'OFERTA' NOT NULL,
	"gramos" integer NOT NULL,
	"precio_centavos" integer DEFAULT 0 NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"direccion_envio" jsonb NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"estado" text NOT NULL,
	"motivo_rechazo" text,
	"transportista" text,
	"numero_guia" text,
	"enviada_at" timestamp with time zone,
	"entregada_at" timestamp with time zone,
	"vence_at" timestamp with time zone,
	"recordatorio_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eventos" ADD CONSTRAINT "eventos_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catas" ADD CONSTRAINT "catas_muestra_id_muestras_id_fk" FOREIGN KEY ("muestra_id") REFERENCES "public"."muestras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catas" ADD CONSTRAINT "catas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catas" ADD CONSTRAINT "catas_catador_id_users_id_fk" FOREIGN KEY ("catador_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eventos_entidad_idx" ON "eventos" USING btree ("entidad","entidad_id","n");--> statement-breakpoint
CREATE UNIQUE INDEX "catas_muestra_uq" ON "catas" USING btree ("muestra_id");--> statement-breakpoint
CREATE INDEX "catas_lote_idx" ON "catas" USING btree ("lote_id","created_at");--> statement-breakpoint
CREATE INDEX "muestras_comprador_idx" ON "muestras" USING btree ("comprador_id","created_at");--> statement-breakpoint
CREATE INDEX "muestras_productor_idx" ON "muestras" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE INDEX "muestras_lote_idx" ON "muestras" USING btree ("lote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "muestras_en_curso_uq" ON "muestras" USING btree ("lote_id","comprador_id") WHERE "muestras"."estado" in ('SOLICITADA', 'ACEPTADA', 'ENVIADA', 'ENTREGADA') and "muestras"."tipo" = 'OFERTA';--> statement-breakpoint
CREATE INDEX "muestras_vence_idx" ON "muestras" USING btree ("estado","vence_at");--> statement-breakpoint
CREATE INDEX "muestras_recordatorio_idx" ON "muestras" USING btree ("recordatorio_at");