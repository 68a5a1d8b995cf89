-- Records are permanent (docs/decisions/046 and 083). A cupping is the lab's record of a lot: the lot it names is
-- retired, never deleted, so the key no longer cascades. An account is never deleted either: deleting a person
-- pseudonymises the row (users/delete-cuenta.ts), and every ON DELETE CASCADE that points at users (messages,
-- samples' boxes, plans…) would erase what the other parties rely on, so the row itself refuses a DELETE.
ALTER TABLE "catas" DROP CONSTRAINT "catas_lote_id_lotes_id_fk";
--> statement-breakpoint
ALTER TABLE "catas" ADD CONSTRAINT "catas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "usuarios_permanentes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Una cuenta no se borra: se seudonimiza (decisión 046).' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "usuarios_permanentes" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "usuarios_permanentes"();
