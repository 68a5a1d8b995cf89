CREATE TABLE "apuntes_bancarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"extracto_bancario_id" uuid NOT NULL,
	"clave_banco" text NOT NULL,
	"sentido" text NOT NULL,
	"importe_centavos" bigint NOT NULL,
	"moneda" text NOT NULL,
	"fecha_contable" date,
	"ref_banco" text,
	"end_to_end_id" text,
	"referencia_acreedor" text,
	"concepto" text DEFAULT '' NOT NULL,
	"contraparte" text,
	"contraparte_iban" text,
	"estado" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"metodo" text,
	"pedido_id" uuid,
	"factura_id" uuid,
	"aplicado_centavos" bigint DEFAULT 0 NOT NULL,
	"exceso_centavos" bigint DEFAULT 0 NOT NULL,
	"conciliado_por_id" uuid,
	"conciliado_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extractos_bancarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cuenta" text NOT NULL,
	"extracto_id" text NOT NULL,
	"mensaje_id" text NOT NULL,
	"version" text NOT NULL,
	"moneda" text,
	"saldo_apertura_centavos" bigint,
	"saldo_cierre_centavos" bigint,
	"fecha_cierre" date,
	"fichero" text NOT NULL,
	"importado_por_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "instrucciones_pago" jsonb;--> statement-breakpoint
-- Orders that exist before this migration were paid directly (the producer recorded it); new ones default to Cereza.
ALTER TABLE "pedidos" ADD COLUMN "cobro" text DEFAULT 'DIRECTO' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "cobro" SET DEFAULT 'CEREZA';--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "referencia_cobro" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "recordatorio_pago_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apuntes_bancarios" ADD CONSTRAINT "apuntes_bancarios_extracto_bancario_id_extractos_bancarios_id_fk" FOREIGN KEY ("extracto_bancario_id") REFERENCES "public"."extractos_bancarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apuntes_bancarios_clave_uq" ON "apuntes_bancarios" USING btree ("clave_banco");--> statement-breakpoint
CREATE INDEX "apuntes_bancarios_extracto_idx" ON "apuntes_bancarios" USING btree ("extracto_bancario_id");--> statement-breakpoint
CREATE INDEX "apuntes_bancarios_pedido_idx" ON "apuntes_bancarios" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "apuntes_bancarios_pendientes_idx" ON "apuntes_bancarios" USING btree ("created_at") WHERE "apuntes_bancarios"."estado" = 'PENDIENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "extractos_bancarios_uq" ON "extractos_bancarios" USING btree ("cuenta","extracto_id","mensaje_id");--> statement-breakpoint
CREATE INDEX "extractos_bancarios_moneda_idx" ON "extractos_bancarios" USING btree ("moneda","fecha_cierre");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_referencia_cobro_uq" ON "pedidos" USING btree ("referencia_cobro");