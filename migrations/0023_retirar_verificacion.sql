ALTER TABLE "verificaciones_productor" ADD COLUMN "retirada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verificaciones_productor" ADD COLUMN "retirada_por" uuid;--> statement-breakpoint
ALTER TABLE "verificaciones_productor" ADD COLUMN "motivo_retirada" text;