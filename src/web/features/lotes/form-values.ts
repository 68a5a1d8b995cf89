import { LoteInputSchema, type Lote, type LoteInput } from '../../../contract/lotes';
import { formOf, type FormOf } from '../../lib/form-schema';

/*
 * The lot form's values, defaults and parsing, derived from the contract's LoteInputSchema (web/lib/form-schema):
 * a field added to the contract appears here by itself. The inputs hold text (so that "12,40" and an empty box
 * are both possible while typing); the resolver turns them into the body the same schema validates on the
 * server. Only what the contract cannot know is written here: a new lot's usual bag.
 */

const loteForm = formOf(LoteInputSchema, { pesoSacoKg: '70' });

/** What the form holds: the contract's fields, numbers as text. */
export type FormValues = FormOf<LoteInput>;
/** Parses the form's values into the body (LoteInput), with the contract's messages. */
export const LoteFormSchema = loteForm.schema;
/** The form's values for a stored lot, or a new lot's defaults. */
export const toFormValues = (lote?: Lote): FormValues => loteForm.defaults(lote);
/** Every field the server may name in an error ("muestra.gramos" included). */
export const FORM_FIELDS = loteForm.paths;
