-- The operators' audit log is append-only (docs/decisions/045): rows are never edited or deleted, as invoices.
CREATE FUNCTION "auditoria_solo_alta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de auditoría no se modifica ni se borra.' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auditoria_solo_alta" BEFORE UPDATE OR DELETE ON "auditoria" FOR EACH ROW EXECUTE FUNCTION "auditoria_solo_alta"();
