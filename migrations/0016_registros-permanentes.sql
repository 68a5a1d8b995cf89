ALTER TABLE "lotes" DROP CONSTRAINT "lotes_productor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "catas" DROP CONSTRAINT "catas_muestra_id_muestras_id_fk";
--> statement-breakpoint
ALTER TABLE "muestras" DROP CONSTRAINT "muestras_lote_id_lotes_id_fk";
--> statement-breakpoint
ALTER TABLE "muestras" DROP CONSTRAINT "muestras_comprador_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "muestras" DROP CONSTRAINT "muestras_productor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "mensajes" DROP CONSTRAINT "mensajes_conversacion_id_conversaciones_id_fk";
--> statement-breakpoint
ALTER TABLE "reportes_conversacion" DROP CONSTRAINT "reportes_conversacion_conversacion_id_conversaciones_id_fk";
--> statement-breakpoint
ALTER TABLE "respuestas" DROP CONSTRAINT "respuestas_solicitud_id_solicitudes_id_fk";
--> statement-breakpoint
ALTER TABLE "respuestas" DROP CONSTRAINT "respuestas_comprador_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "respuestas" DROP CONSTRAINT "respuestas_productor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "respuestas" DROP CONSTRAINT "respuestas_lote_id_lotes_id_fk";
--> statement-breakpoint
ALTER TABLE "solicitudes" DROP CONSTRAINT "solicitudes_comprador_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "pedido_documentos" DROP CONSTRAINT "pedido_documentos_pedido_id_pedidos_id_fk";
--> statement-breakpoint
ALTER TABLE "pedido_resenas" DROP CONSTRAINT "pedido_resenas_pedido_id_pedidos_id_fk";
--> statement-breakpoint
ALTER TABLE "pedido_resenas" DROP CONSTRAINT "pedido_resenas_autor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "pedido_resenas" DROP CONSTRAINT "pedido_resenas_destinatario_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_lote_id_lotes_id_fk";
--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_comprador_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_productor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reclamo_aportes" DROP CONSTRAINT "reclamo_aportes_pedido_id_pedidos_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "eliminada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "archivado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catas" ADD CONSTRAINT "catas_muestra_id_muestras_id_fk" FOREIGN KEY ("muestra_id") REFERENCES "public"."muestras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_conversacion_id_conversaciones_id_fk" FOREIGN KEY ("conversacion_id") REFERENCES "public"."conversaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reportes_conversacion" ADD CONSTRAINT "reportes_conversacion_conversacion_id_conversaciones_id_fk" FOREIGN KEY ("conversacion_id") REFERENCES "public"."conversaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas" ADD CONSTRAINT "respuestas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_documentos" ADD CONSTRAINT "pedido_documentos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_resenas" ADD CONSTRAINT "pedido_resenas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_resenas" ADD CONSTRAINT "pedido_resenas_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_resenas" ADD CONSTRAINT "pedido_resenas_destinatario_id_users_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamo_aportes" ADD CONSTRAINT "reclamo_aportes_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_archivado_oculto_ck" CHECK ("lotes"."archivado_at" is null or "lotes"."ocultar");