CREATE SEQUENCE "public"."pedidos_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "pedido_documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"url" text,
	"contenido" "bytea",
	"bytes" integer NOT NULL,
	"subido_por_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_resenas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"autor_id" uuid NOT NULL,
	"destinatario_id" uuid NOT NULL,
	"autor_rol" text NOT NULL,
	"puntuacion" smallint NOT NULL,
	"comentario" text DEFAULT '' NOT NULL,
	"publicada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" text NOT NULL,
	"lote_id" uuid NOT NULL,
	"comprador_id" uuid NOT NULL,
	"productor_id" uuid NOT NULL,
	"sacos" integer NOT NULL,
	"peso_saco_kg" real NOT NULL,
	"kg" numeric(12, 3) NOT NULL,
	"precio_kg_centavos" integer NOT NULL,
	"total_centavos" integer NOT NULL,
	"moneda" text NOT NULL,
	"incoterm" text NOT NULL,
	"lugar_entrega" text NOT NULL,
	"desglose_precio" jsonb,
	"condicion_pago" text NOT NULL,
	"ventana_embarque" text,
	"condicion_muestra" text NOT NULL,
	"terminos" jsonb NOT NULL,
	"estado" text NOT NULL,
	"estado_pago" text DEFAULT 'PENDIENTE' NOT NULL,
	"vence_at" timestamp with time zone,
	"recordatorio_at" timestamp with time zone,
	"pago_vence_at" timestamp with time zone,
	"pagado_at" timestamp with time zone,
	"confirmado_at" timestamp with time zone,
	"pss_muestra_id" uuid,
	"pss_envios" smallint DEFAULT 0 NOT NULL,
	"naviera" text,
	"contenedor" text,
	"conocimiento_embarque" text,
	"etd" timestamp with time zone,
	"eta" timestamp with time zone,
	"embarcado_at" timestamp with time zone,
	"entregado_at" timestamp with time zone,
	"reclamo_hasta" timestamp with time zone,
	"motivo_cancelacion" text,
	"cancelacion_pedida_por" text,
	"motivo_reclamo" text,
	"plan_linea_id" uuid,
	"solicitud_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "sacos_reservados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_documentos" ADD CONSTRAINT "pedido_documentos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_documentos" ADD CONSTRAINT "pedido_documentos_subido_por_id_users_id_fk" FOREIGN KEY ("subido_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_resenas" ADD CONSTRAINT "pedido_resenas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_resenas" ADD CONSTRAINT "pedido_resenas_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_resenas" ADD CONSTRAINT "pedido_resenas_destinatario_id_users_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_pss_muestra_id_muestras_id_fk" FOREIGN KEY ("pss_muestra_id") REFERENCES "public"."muestras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_documentos_pedido_idx" ON "pedido_documentos" USING btree ("pedido_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_resenas_autor_uq" ON "pedido_resenas" USING btree ("pedido_id","autor_id");--> statement-breakpoint
CREATE INDEX "pedido_resenas_destinatario_idx" ON "pedido_resenas" USING btree ("destinatario_id","publicada_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_numero_uq" ON "pedidos" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "pedidos_comprador_idx" ON "pedidos" USING btree ("comprador_id","created_at");--> statement-breakpoint
CREATE INDEX "pedidos_productor_idx" ON "pedidos" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE INDEX "pedidos_lote_idx" ON "pedidos" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "pedidos_vence_idx" ON "pedidos" USING btree ("estado","vence_at");--> statement-breakpoint
CREATE INDEX "pedidos_recordatorio_idx" ON "pedidos" USING btree ("recordatorio_at");--> statement-breakpoint
CREATE INDEX "pedidos_pago_vence_idx" ON "pedidos" USING btree ("pago_vence_at") WHERE "pedidos"."estado_pago" = 'PENDIENTE';--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_sacos_reservados_ck" CHECK ("lotes"."sacos_reservados" >= 0 and "lotes"."sacos_reservados" <= "lotes"."sacos_disponibles");