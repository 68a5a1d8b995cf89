ALTER TYPE "public"."tipo_user" ADD VALUE 'LABORATORIO';--> statement-breakpoint
ALTER TABLE "lotes" ADD COLUMN "envio_laboratorio" jsonb;--> statement-breakpoint
CREATE INDEX "lotes_laboratorio_idx" ON "lotes" USING btree ("status","updated_at") WHERE "lotes"."envio_laboratorio" is not null;