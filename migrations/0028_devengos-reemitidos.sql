DROP INDEX "devengos_factura_uq";--> statement-breakpoint
ALTER TABLE "devengos" ADD COLUMN "reemite_id" uuid;--> statement-breakpoint
ALTER TABLE "devengos" ADD CONSTRAINT "devengos_reemite_id_devengos_id_fk" FOREIGN KEY ("reemite_id") REFERENCES "public"."devengos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devengos_reemite_uq" ON "devengos" USING btree ("reemite_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devengos_factura_uq" ON "devengos" USING btree ("venta_factura_id") WHERE "devengos"."reemite_id" is null;