ALTER TYPE "public"."tipo_user" ADD VALUE 'OPERADOR';--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"n" bigserial NOT NULL,
	"operador_id" uuid NOT NULL,
	"operador_email" text NOT NULL,
	"accion" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text NOT NULL,
	"motivo" text NOT NULL,
	"antes" jsonb,
	"despues" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_recuperacion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"usado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verificaciones_productor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"productor_id" uuid NOT NULL,
	"estado" text DEFAULT 'ENVIADA' NOT NULL,
	"razon_social" text NOT NULL,
	"identificacion_fiscal" text NOT NULL,
	"documentos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"motivo" text,
	"resuelta_por" uuid,
	"resuelta_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secreto" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_alta_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_ultimo_paso" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspendida_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "motivo_suspension" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "productor_verificado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "motivo_oculto_operador" text;--> statement-breakpoint
ALTER TABLE "codigos_recuperacion" ADD CONSTRAINT "codigos_recuperacion_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificaciones_productor" ADD CONSTRAINT "verificaciones_productor_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_created_idx" ON "auditoria" USING btree ("created_at","n");--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id");--> statement-breakpoint
CREATE INDEX "auditoria_operador_idx" ON "auditoria" USING btree ("operador_id","created_at");--> statement-breakpoint
CREATE INDEX "codigos_recuperacion_user_idx" ON "codigos_recuperacion" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verificaciones_productor_idx" ON "verificaciones_productor" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE INDEX "verificaciones_estado_idx" ON "verificaciones_productor" USING btree ("estado","created_at");