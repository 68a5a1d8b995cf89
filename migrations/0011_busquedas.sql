CREATE TABLE "busquedas_guardadas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comprador_id" uuid NOT NULL,
	"nombre" text NOT NULL,
	"consulta" text NOT NULL,
	"avisar_email" boolean DEFAULT true NOT NULL,
	"baja_token" text NOT NULL,
	"aviso_desde" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_aviso_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "busquedas_guardadas" ADD CONSTRAINT "busquedas_guardadas_comprador_id_users_id_fk" FOREIGN KEY ("comprador_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "busquedas_comprador_idx" ON "busquedas_guardadas" USING btree ("comprador_id");--> statement-breakpoint
CREATE UNIQUE INDEX "busquedas_comprador_consulta_uq" ON "busquedas_guardadas" USING btree ("comprador_id","consulta");--> statement-breakpoint
CREATE UNIQUE INDEX "busquedas_baja_token_uq" ON "busquedas_guardadas" USING btree ("baja_token");