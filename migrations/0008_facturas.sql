CREATE TABLE "facturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"serie" text NOT NULL,
	"secuencia" integer NOT NULL,
	"numero" text NOT NULL,
	"emisor_id" uuid,
	"receptor_id" uuid NOT NULL,
	"productor_id" uuid NOT NULL,
	"comprador_id" uuid NOT NULL,
	"pedido_id" uuid,
	"pedido_numero" text,
	"rectifica_id" uuid,
	"rectifica_numero" text,
	"fecha_emision" date NOT NULL,
	"fecha_operacion" date NOT NULL,
	"vencimiento" date NOT NULL,
	"condicion_pago" text NOT NULL,
	"moneda" text NOT NULL,
	"emisor" jsonb NOT NULL,
	"receptor" jsonb NOT NULL,
	"lineas" jsonb NOT NULL,
	"regimen" text NOT NULL,
	"tasa_bp" integer NOT NULL,
	"base_centavos" bigint NOT NULL,
	"impuesto_centavos" bigint NOT NULL,
	"total_centavos" bigint NOT NULL,
	"menciones" jsonb NOT NULL,
	"estado" text DEFAULT 'EMITIDA' NOT NULL,
	"pagada_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movimientos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"n" bigserial NOT NULL,
	"cuenta_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"concepto" text NOT NULL,
	"importe_centavos" bigint NOT NULL,
	"moneda" text NOT NULL,
	"saldo_centavos" bigint NOT NULL,
	"factura_id" uuid,
	"factura_numero" text,
	"pedido_id" uuid,
	"pedido_numero" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saldos_cuenta" (
	"cuenta_id" uuid NOT NULL,
	"moneda" text NOT NULL,
	"saldo_centavos" bigint NOT NULL,
	CONSTRAINT "saldos_cuenta_cuenta_id_moneda_pk" PRIMARY KEY("cuenta_id","moneda")
);
--> statement-breakpoint
CREATE TABLE "series_facturas" (
	"clave" text PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_numero_uq" ON "facturas" USING btree ("serie","secuencia");--> statement-breakpoint
CREATE INDEX "facturas_emisor_idx" ON "facturas" USING btree ("emisor_id","fecha_emision");--> statement-breakpoint
CREATE INDEX "facturas_receptor_idx" ON "facturas" USING btree ("receptor_id","fecha_emision");--> statement-breakpoint
CREATE INDEX "facturas_pedido_idx" ON "facturas" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_pedido_tipo_uq" ON "facturas" USING btree ("pedido_id","tipo") WHERE "facturas"."tipo" in ('VENTA', 'COMISION') and "facturas"."pedido_id" is not null;--> statement-breakpoint
CREATE INDEX "movimientos_cuenta_idx" ON "movimientos" USING btree ("cuenta_id","created_at","n");--> statement-breakpoint
-- Issued invoices and ledger rows are never edited or deleted (docs/decisions/032). Only an invoice's payment
-- state (estado, pagada_at) may change.
CREATE FUNCTION "facturas_inmutables"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Una factura emitida no se borra.' USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'estado' - 'pagada_at') <> (to_jsonb(OLD) - 'estado' - 'pagada_at') THEN
    RAISE EXCEPTION 'Una factura emitida no se modifica.' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "facturas_inmutables" BEFORE UPDATE OR DELETE ON "facturas" FOR EACH ROW EXECUTE FUNCTION "facturas_inmutables"();--> statement-breakpoint
CREATE FUNCTION "movimientos_solo_alta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los movimientos de cuenta no se modifican ni se borran.' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "movimientos_solo_alta" BEFORE UPDATE OR DELETE ON "movimientos" FOR EACH ROW EXECUTE FUNCTION "movimientos_solo_alta"();
