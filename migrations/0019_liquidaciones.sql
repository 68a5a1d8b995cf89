CREATE TABLE "cuentas_cobro" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"productor_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"titular" text NOT NULL,
	"iban" text,
	"bic" text NOT NULL,
	"banco" text,
	"numero_cuenta" text,
	"pais" text NOT NULL,
	"vigente_desde" timestamp with time zone NOT NULL,
	"sustituida_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devengos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"n" bigserial NOT NULL,
	"productor_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"pedido_id" uuid NOT NULL,
	"pedido_numero" text NOT NULL,
	"moneda" text NOT NULL,
	"venta_factura_id" uuid NOT NULL,
	"venta_numero" text NOT NULL,
	"venta_centavos" bigint NOT NULL,
	"comision_factura_id" uuid,
	"comision_numero" text,
	"comision_centavos" bigint NOT NULL,
	"importe_centavos" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pago_devengos" (
	"devengo_id" uuid PRIMARY KEY NOT NULL,
	"pago_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos_productor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remesa_id" uuid NOT NULL,
	"productor_id" uuid NOT NULL,
	"cuenta_cobro_id" uuid NOT NULL,
	"moneda" text NOT NULL,
	"importe_centavos" bigint NOT NULL,
	"pmt_inf_id" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"estado" text NOT NULL,
	"confirmado_at" timestamp with time zone,
	"referencia_banco" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remesas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"n" bigserial NOT NULL,
	"msg_id" text NOT NULL,
	"estado" text NOT NULL,
	"xml" text NOT NULL,
	"numero_operaciones" integer NOT NULL,
	"totales" jsonb NOT NULL,
	"creada_por_id" uuid NOT NULL,
	"creada_por_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"enviada_at" timestamp with time zone,
	"enviada_por_email" text
);
--> statement-breakpoint
ALTER TABLE "pago_devengos" ADD CONSTRAINT "pago_devengos_devengo_id_devengos_id_fk" FOREIGN KEY ("devengo_id") REFERENCES "public"."devengos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pago_devengos" ADD CONSTRAINT "pago_devengos_pago_id_pagos_productor_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos_productor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_productor" ADD CONSTRAINT "pagos_productor_remesa_id_remesas_id_fk" FOREIGN KEY ("remesa_id") REFERENCES "public"."remesas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_productor" ADD CONSTRAINT "pagos_productor_cuenta_cobro_id_cuentas_cobro_id_fk" FOREIGN KEY ("cuenta_cobro_id") REFERENCES "public"."cuentas_cobro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuentas_cobro_productor_idx" ON "cuentas_cobro" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cuentas_cobro_vigente_uq" ON "cuentas_cobro" USING btree ("productor_id") WHERE "cuentas_cobro"."sustituida_at" is null;--> statement-breakpoint
CREATE INDEX "devengos_productor_idx" ON "devengos" USING btree ("productor_id","moneda","n");--> statement-breakpoint
CREATE UNIQUE INDEX "devengos_factura_uq" ON "devengos" USING btree ("venta_factura_id");--> statement-breakpoint
CREATE INDEX "pago_devengos_pago_idx" ON "pago_devengos" USING btree ("pago_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_productor_e2e_uq" ON "pagos_productor" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_productor_remesa_uq" ON "pagos_productor" USING btree ("remesa_id","productor_id","moneda");--> statement-breakpoint
CREATE INDEX "pagos_productor_productor_idx" ON "pagos_productor" USING btree ("productor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remesas_msg_id_uq" ON "remesas" USING btree ("msg_id");--> statement-breakpoint
CREATE INDEX "remesas_created_idx" ON "remesas" USING btree ("created_at");
--> statement-breakpoint
-- Payout records are permanent (docs/decisions/056): an account is never deleted and only its replacement date is
-- ever written; owed lines and their link to a payout are never edited or deleted.
CREATE FUNCTION "cuentas_cobro_permanentes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.sustituida_at IS NOT NULL OR (to_jsonb(NEW) - 'sustituida_at') <> (to_jsonb(OLD) - 'sustituida_at') THEN
    RAISE EXCEPTION 'Las cuentas de cobro no se modifican ni se borran.' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cuentas_cobro_permanentes" BEFORE UPDATE OR DELETE ON "cuentas_cobro" FOR EACH ROW EXECUTE FUNCTION "cuentas_cobro_permanentes"();--> statement-breakpoint
CREATE FUNCTION "liquidacion_solo_alta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Lo debido a un productor y sus pagos no se modifican ni se borran.' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "devengos_solo_alta" BEFORE UPDATE OR DELETE ON "devengos" FOR EACH ROW EXECUTE FUNCTION "liquidacion_solo_alta"();--> statement-breakpoint
CREATE TRIGGER "pago_devengos_solo_alta" BEFORE UPDATE OR DELETE ON "pago_devengos" FOR EACH ROW EXECUTE FUNCTION "liquidacion_solo_alta"();
