CREATE TYPE "public"."tipo_user" AS ENUM('PRODUCTOR', 'COMPRADOR');--> statement-breakpoint
CREATE TABLE "comprador_perfiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"fecha_origen" text NOT NULL,
	"empresa" text NOT NULL,
	"tipo_comprador" text NOT NULL,
	"pais" text NOT NULL,
	"ciudad" text,
	"volumen_anual_kg" integer,
	"sitio_web" text,
	"descripcion" text,
	"avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favoritos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lote_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imagenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"key" text NOT NULL,
	"urls" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_intentos" (
	"clave" text NOT NULL,
	"ventana" timestamp with time zone NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "login_intentos_clave_ventana_pk" PRIMARY KEY("clave","ventana")
);
--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"productor_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"pais" text NOT NULL,
	"region" text NOT NULL,
	"municipio" text,
	"finca" text,
	"altitud_min" integer,
	"altitud_max" integer,
	"ubicacion" jsonb,
	"variedades" text[] DEFAULT '{}'::text[] NOT NULL,
	"proceso" text NOT NULL,
	"secado" text,
	"cosecha" text,
	"puntaje" numeric(5, 2),
	"notas_cata" text[] DEFAULT '{}'::text[] NOT NULL,
	"humedad" real,
	"actividad_agua" real,
	"densidad" integer,
	"zaranda" text,
	"sacos_disponibles" integer DEFAULT 0 NOT NULL,
	"peso_saco_kg" real NOT NULL,
	"lote_minimo_sacos" integer DEFAULT 1 NOT NULL,
	"precio_kg" numeric(10, 2) NOT NULL,
	"moneda" text DEFAULT 'USD' NOT NULL,
	"incoterm" text DEFAULT 'FOB' NOT NULL,
	"desglose_precio" jsonb,
	"certificaciones" text[] DEFAULT '{}'::text[] NOT NULL,
	"posicion" text DEFAULT 'DISPONIBLE' NOT NULL,
	"ventana_embarque" text,
	"galeria_lote" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"muestra" jsonb DEFAULT '{"disponible":false}'::jsonb NOT NULL,
	"ocultar" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'POR_ENVIAR' NOT NULL,
	"motivo_rechazo" text,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "noticias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"productor_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"cuerpo" text NOT NULL,
	"imagen" text,
	"publicada" boolean DEFAULT false NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "productor_perfiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tipo_productor" text NOT NULL,
	"nombre" text NOT NULL,
	"pais" text NOT NULL,
	"region" text NOT NULL,
	"municipio" text,
	"altitud" integer,
	"hectareas" real,
	"anio_fundacion" integer,
	"descripcion" text,
	"sitio_web" text,
	"telefono" text,
	"avatar" text,
	"portada" text,
	"imagenes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificaciones" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"google_sub" text,
	"nombre" text DEFAULT '' NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"image" text,
	"tipo_user" "tipo_user" NOT NULL,
	"verificado" boolean DEFAULT false NOT NULL,
	"perfil_base" boolean DEFAULT false NOT NULL,
	"perfil_completo" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"notificaciones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"informacion_comercial" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comprador_perfiles" ADD CONSTRAINT "comprador_perfiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favoritos" ADD CONSTRAINT "favoritos_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imagenes" ADD CONSTRAINT "imagenes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productor_perfiles" ADD CONSTRAINT "productor_perfiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favoritos_user_lote_uq" ON "favoritos" USING btree ("user_id","lote_id");--> statement-breakpoint
CREATE INDEX "favoritos_lote_idx" ON "favoritos" USING btree ("lote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imagenes_key_uq" ON "imagenes" USING btree ("key");--> statement-breakpoint
CREATE INDEX "imagenes_owner_idx" ON "imagenes" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_productor_codigo_uq" ON "lotes" USING btree ("productor_id","codigo");--> statement-breakpoint
CREATE INDEX "lotes_productor_idx" ON "lotes" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE INDEX "lotes_publicos_recientes_idx" ON "lotes" USING btree ("created_at","id") WHERE "lotes"."ocultar" = false;--> statement-breakpoint
CREATE INDEX "lotes_publicos_relevancia_idx" ON "lotes" USING btree (("status" = 'VERIFICADO'),"created_at","id") WHERE "lotes"."ocultar" = false;--> statement-breakpoint
CREATE INDEX "lotes_publicos_puntaje_idx" ON "lotes" USING btree ("puntaje" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "lotes"."ocultar" = false;--> statement-breakpoint
CREATE INDEX "lotes_publicos_precio_idx" ON "lotes" USING btree ("precio_kg","id") WHERE "lotes"."ocultar" = false;--> statement-breakpoint
CREATE INDEX "lotes_pais_idx" ON "lotes" USING btree ("pais");--> statement-breakpoint
CREATE INDEX "noticias_productor_idx" ON "noticias" USING btree ("productor_id","fecha");--> statement-breakpoint
CREATE INDEX "productor_perfiles_pais_idx" ON "productor_perfiles" USING btree ("pais");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_uq" ON "users" USING btree ("google_sub");