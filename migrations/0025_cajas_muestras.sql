CREATE TABLE "caja_muestras_lotes" (
	"comprador_id" uuid NOT NULL,
	"lote_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caja_muestras_lotes_comprador_id_lote_id_pk" PRIMARY KEY("comprador_id","lote_id")
);
--> statement-breakpoint
CREATE TABLE "cajas_muestras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comprador_id" uuid NOT NULL,
	"productor_id" uuid NOT NULL,
	"direccion_envio" jsonb NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"transportista" text,
	"numero_guia" text,
	"enviada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "muestras" ADD COLUMN "caja_id" uuid;--> statement-breakpoint
ALTER TABLE "caja_muestras_lotes" ADD CONSTRAINT "caja_muestras_lotes_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caja_muestras_lotes" ADD CONSTRAINT "caja_muestras_lotes_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cajas_muestras" ADD CONSTRAINT "cajas_muestras_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cajas_muestras" ADD CONSTRAINT "cajas_muestras_productor_id_users_id_fk" FOREIGN KEY ("productor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caja_muestras_lotes_lote_idx" ON "caja_muestras_lotes" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "cajas_muestras_comprador_idx" ON "cajas_muestras" USING btree ("comprador_id","created_at");--> statement-breakpoint
CREATE INDEX "cajas_muestras_productor_idx" ON "cajas_muestras" USING btree ("productor_id","created_at");--> statement-breakpoint
ALTER TABLE "muestras" ADD CONSTRAINT "muestras_caja_id_cajas_muestras_id_fk" FOREIGN KEY ("caja_id") REFERENCES "public"."cajas_muestras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "muestras_caja_idx" ON "muestras" USING btree ("caja_id");