CREATE TABLE "login_esperas" (
	"clave" text PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"hasta" timestamp with time zone NOT NULL
);
