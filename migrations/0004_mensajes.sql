CREATE TABLE "conversacion_estados" (
	"conversacion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"leido_hasta" integer DEFAULT 0 NOT NULL,
	"archivada_at" timestamp with time zone,
	"correo_debido_at" timestamp with time zone,
	"correo_avisado_at" timestamp with time zone,
	CONSTRAINT "conversacion_estados_conversacion_id_user_id_pk" PRIMARY KEY("conversacion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comprador_id" uuid,
	"productor_id" uuid,
	"asunto" text NOT NULL,
	"lote_id" uuid,
	"muestra_id" uuid,
	"pedido_id" uuid,
	"solicitud_id" uuid,
	"ultimo_numero" integer DEFAULT 0 NOT NULL,
	"ultimo_mensaje_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensajes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversacion_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"autor_id" uuid,
	"texto" text NOT NULL,
	"adjunto" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reportes_conversacion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversacion_id" uuid NOT NULL,
	"mensaje_id" uuid,
	"reportado_por" uuid,
	"motivo" text NOT NULL,
	"estado" text DEFAULT 'ABIERTO' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversacion_estados" ADD CONSTRAINT "conversacion_estados_conversacion_id_conversaciones_id_fk" FOREIGN KEY ("conversacion_id") REFERENCES "public"."conversaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversacion_estados" ADD CONSTRAINT "conversacion_estados_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversaciones" ADD CONSTRAINT "conversaciones_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversaciones" ADD CONSTRAINT "conversaciones_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversaciones" ADD CONSTRAINT "conversaciones_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_conversacion_id_conversaciones_id_fk" FOREIGN KEY ("conversacion_id") REFERENCES "public"."conversaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_conversacion" ADD CONSTRAINT "reportes_conversacion_conversacion_id_conversaciones_id_fk" FOREIGN KEY ("conversacion_id") REFERENCES "public"."conversaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_conversacion" ADD CONSTRAINT "reportes_conversacion_mensaje_id_mensajes_id_fk" FOREIGN KEY ("mensaje_id") REFERENCES "public"."mensajes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_conversacion" ADD CONSTRAINT "reportes_conversacion_reportado_por_users_id_fk" FOREIGN KEY ("reportado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversacion_estados_user_idx" ON "conversacion_estados" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversacion_estados_correo_idx" ON "conversacion_estados" USING btree ("correo_debido_at") WHERE "conversacion_estados"."correo_debido_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversaciones_par_asunto_uq" ON "conversaciones" USING btree ("comprador_id","productor_id","asunto");--> statement-breakpoint
CREATE INDEX "conversaciones_comprador_idx" ON "conversaciones" USING btree ("comprador_id","ultimo_mensaje_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversaciones_productor_idx" ON "conversaciones" USING btree ("productor_id","ultimo_mensaje_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mensajes_conversacion_numero_uq" ON "mensajes" USING btree ("conversacion_id","numero");--> statement-breakpoint
CREATE INDEX "mensajes_autor_idx" ON "mensajes" USING btree ("autor_id","created_at");--> statement-breakpoint
CREATE INDEX "reportes_conversacion_estado_idx" ON "reportes_conversacion" USING btree ("estado","created_at");