ALTER TABLE "facturas" ADD COLUMN "titulo" text;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "impuesto_etiqueta" text;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "nota" text;