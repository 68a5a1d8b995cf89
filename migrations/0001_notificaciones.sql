CREATE TABLE "correos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"notificacion_id" uuid,
	"tipo" text NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento_at" timestamp with time zone,
	"bloqueado_hasta" timestamp with time zone,
	"message_id" text,
	"asunto" text,
	"archivo" text,
	"ultimo_error" text,
	"enviado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"enlace" text,
	"entidad" text,
	"entidad_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leida_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tareas_programadas" (
	"nombre" text PRIMARY KEY NOT NULL,
	"proxima_at" timestamp with time zone NOT NULL,
	"ultima_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"user_id" uuid NOT NULL,
	"clave" uuid NOT NULL,
	"huella" text NOT NULL,
	"estado" text NOT NULL,
	"propietario" uuid NOT NULL,
	"status_code" integer,
	"respuesta" text,
	"created_at" timestamp with time zone NOT NULL,
	"bloqueada_hasta" timestamp with time zone NOT NULL,
	"expira_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotencia_user_id_clave_pk" PRIMARY KEY("user_id","clave")
);
--> statement-breakpoint
CREATE TABLE "tokens_cuenta" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"hash" text NOT NULL,
	"expira_at" timestamp with time zone NOT NULL,
	"usado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "correos" ADD CONSTRAINT "correos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correos" ADD CONSTRAINT "correos_notificacion_id_notificaciones_id_fk" FOREIGN KEY ("notificacion_id") REFERENCES "public"."notificaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_cuenta" ADD CONSTRAINT "tokens_cuenta_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "correos_notificacion_uq" ON "correos" USING btree ("notificacion_id");--> statement-breakpoint
CREATE INDEX "correos_pendientes_idx" ON "correos" USING btree ("proximo_intento_at","created_at") WHERE "correos"."estado" in ('PENDIENTE', 'ENVIANDO');--> statement-breakpoint
CREATE INDEX "correos_user_idx" ON "correos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notificaciones_user_idx" ON "notificaciones" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificaciones_no_leidas_idx" ON "notificaciones" USING btree ("user_id") WHERE "notificaciones"."leida_at" is null;--> statement-breakpoint
CREATE INDEX "idempotencia_expira_idx" ON "idempotencia" USING btree ("expira_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_cuenta_hash_uq" ON "tokens_cuenta" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "tokens_cuenta_user_idx" ON "tokens_cuenta" USING btree ("user_id","tipo");