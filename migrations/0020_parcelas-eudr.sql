CREATE TABLE "finca_evidencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"finca_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text NOT NULL,
	"key" text NOT NULL,
	"nombre_archivo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fincas" ADD COLUMN "pais" text;--> statement-breakpoint
ALTER TABLE "fincas" ADD COLUMN "eudr_comprobada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fincas" ADD COLUMN "eudr_valida" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fincas" ADD COLUMN "eudr_avisos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "fincas" ADD COLUMN "area_calculada_ha" real;--> statement-breakpoint
ALTER TABLE "finca_evidencias" ADD CONSTRAINT "finca_evidencias_finca_id_fincas_id_fk" FOREIGN KEY ("finca_id") REFERENCES "public"."fincas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finca_evidencias_finca_idx" ON "finca_evidencias" USING btree ("finca_id","created_at");