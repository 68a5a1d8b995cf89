CREATE TABLE "limites_peticiones" (
	"clave" text PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"hasta" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limites_peticiones_hasta_idx" ON "limites_peticiones" USING btree ("hasta");