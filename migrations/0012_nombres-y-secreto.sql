CREATE TABLE "secretos" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "productor_perfiles" ADD COLUMN "nombre_clave" text;--> statement-breakpoint
-- Existing producers get their key (the server's nombreClave, for the accents of Spanish and Portuguese); of two
-- that already share one, the older keeps it and the other stays outside the rule until its next edit.
UPDATE "productor_perfiles" p SET "nombre_clave" = k."clave"
FROM (
  SELECT "user_id", "clave", row_number() OVER (PARTITION BY "clave" ORDER BY "created_at", "user_id") AS n
  FROM (
    SELECT "user_id", "created_at",
      trim(regexp_replace(lower(translate("nombre",
        'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ',
        'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy')), '\s+', ' ', 'g')) AS "clave"
    FROM "productor_perfiles"
  ) c
) k
WHERE k."user_id" = p."user_id" AND k.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "productor_perfiles_nombre_clave_uq" ON "productor_perfiles" USING btree ("nombre_clave");