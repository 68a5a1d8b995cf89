CREATE TABLE "reclamo_aportes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"autor_id" uuid,
	"rol" text NOT NULL,
	"postura" text NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"descuento_centavos" integer,
	"adjuntos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cata" jsonb,
	"puntaje_cata" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reclamo_aportes" ADD CONSTRAINT "reclamo_aportes_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamo_aportes" ADD CONSTRAINT "reclamo_aportes_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reclamo_aportes_pedido_idx" ON "reclamo_aportes" USING btree ("pedido_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reclamo_aportes_uno_uq" ON "reclamo_aportes" USING btree ("pedido_id","rol");