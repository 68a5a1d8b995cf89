import { describe, expect, it } from 'vitest';
import { LoteUpdateSchema, requiredMessage } from './lotes';

/** The message zod gives for one field of a lot sent with only that field. */
function messageFor(body: Record<string, unknown>, path: string): string | undefined {
  const r = LoteUpdateSchema.safeParse(body);
  if (r.success) return undefined;
  return r.error.issues.find((i) => i.path.join('.') === path)?.message;
}

describe('required-field messages agree with the field name in gender', () => {
  it('says "obligatoria" for a feminine name and "obligatorio" for a masculine one', () => {
    expect(messageFor({ region: '' }, 'region')).toBe('La región es obligatoria.');
    expect(messageFor({ variedades: ['Caturra', ' '] }, 'variedades.1')).toBe('La variedad es obligatoria.');
    expect(messageFor({ notasCata: [''] }, 'notasCata.0')).toBe('La nota de cata es obligatoria.');
    expect(messageFor({ codigo: '' }, 'codigo')).toBe('El código del lote es obligatorio.');
  });

  it('takes the gender from the article the name starts with', () => {
    expect(requiredMessage('La altitud')).toBe('La altitud es obligatoria.');
    expect(requiredMessage('El proceso')).toBe('El proceso es obligatorio.');
  });
});
