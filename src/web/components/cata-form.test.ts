import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import { CataInputSchema, puntajeSca, type HojaCata } from '../../contract/muestras';
import {
  conDecisionResolver,
  emptyHoja,
  fromDraft,
  hojaResolver,
  notasFrom,
  numberRefused,
  type HojaValues,
} from './cata-form';

const options = { fields: {}, shouldUseNativeValidation: false };
const check = (values: HojaValues, resolver = hojaResolver) => resolver(values, undefined, options);
/** Each refused field's message, by the field's name (the server's name too). */
function messages(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (e: unknown, path: string) => {
    if (!e || typeof e !== 'object') return;
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string') out[path] = m;
    else for (const [k, v] of Object.entries(e)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(errors, '');
  return out;
}

describe('the cupping form', () => {
  it('sends a sheet the server accepts, with the total the form showed', async () => {
    const values: HojaValues = {
      ...emptyHoja(),
      notasCata: ' mandarina, panela ,, jazmín ',
      comentarios: { acidez: 'Cítrica.', sabor: '  ' },
      decision: 'INTERESADO',
      intensidadAcidez: 'ALTA',
      agtron: '58',
    };
    const { values: hoja, errors } = await check(values, conDecisionResolver);
    expect(errors).toEqual({});
    const parsed = CataInputSchema.parse(hoja);
    expect(parsed.notasCata).toEqual(['mandarina', 'panela', 'jazmín']);
    expect(parsed.comentarios).toEqual({ acidez: 'Cítrica.' });
    expect(parsed).toMatchObject({
      intensidadAcidez: 'ALTA',
      intensidadCuerpo: null,
      agtron: 58,
      decision: 'INTERESADO',
    });
    expect(puntajeSca(parsed)).toBe(82.5);
  });

  it('keeps at most eight descriptors', () => {
    expect(notasFrom('a,b,c,d,e,f,g,h,i,j')).toHaveLength(8);
  });

  it("an offer sample's sheet without a decision is refused with the contract's message; other sheets need none", async () => {
    const { errors } = await check(emptyHoja(), conDecisionResolver);
    expect(messages(errors)).toEqual({ decision: 'Elige si te interesa el lote.' });
    const sinDecision = await check(emptyHoja());
    expect(sinDecision.errors).toEqual({});
    expect((sinDecision.values as HojaCata).decision).toBeNull();
  });

  it('shows and reads the sheet numbers the Spanish way (issue 25: "8,25" was read as 825)', async () => {
    const vacia = emptyHoja();
    expect(vacia.atributos.acidez).toBe('7,50');
    expect(vacia.defectos.tazas).toBe('0');
    const leida = await check({ ...vacia, atributos: { ...vacia.atributos, acidez: '8,25' }, agtron: '' });
    expect(leida.errors).toEqual({});
    expect(leida.values).toMatchObject({ atributos: { acidez: 8.25 }, agtron: null });

    const { errors } = await check({
      ...vacia,
      atributos: { ...vacia.atributos, acidez: '8.25', sabor: '8.250', cuerpo: '' },
      defectos: { ...vacia.defectos, tazas: '1,5' },
    });
    expect(messages(errors)).toEqual({
      'atributos.acidez': 'Escribe los decimales con coma: 8,25.',
      'atributos.sabor': expect.stringContaining('más que el máximo'),
      'atributos.cuerpo': 'Cuerpo: escribe un puntaje.',
      'defectos.tazas': 'Aquí van números enteros, sin decimales.',
    });
    expect(numberRefused(errors)).toBe(true);
    expect(numberRefused({ decision: { type: 'custom', message: 'x' } })).toBe(false);
  });

  it('a descriptor too long is refused under the descriptors, with the contract message', async () => {
    const { errors } = await check({ ...emptyHoja(), notasCata: `panela, ${'x'.repeat(41)}` });
    expect(messages(errors)).toEqual({ 'notasCata.1': expect.stringContaining('40 caracteres') });
  });

  it('reads a draft kept by the earlier form (numbers as read, the descriptors as notas)', async () => {
    const values = fromDraft({
      atributos: { acidez: 8.25, sabor: 8 },
      defectos: { tazas: 1, intensidad: 'FALLA' },
      notas: 'panela, mandarina',
      agtron: 58,
      decision: null,
      intensidadAcidez: null,
    });
    expect(values).toMatchObject({
      atributos: { acidez: '8,25', sabor: '8,00', cuerpo: '7,50' },
      defectos: { tazas: '1', intensidad: 'FALLA' },
      notasCata: 'panela, mandarina',
      agtron: '58',
      decision: '',
      intensidadAcidez: '',
    });
    expect(values).not.toHaveProperty('notas');
    expect((await check(values)).errors).toEqual({});
    // A draft of this form comes back as it was typed, an unreadable number included.
    const typed = { ...emptyHoja(), atributos: { ...emptyHoja().atributos, acidez: '8.25' } };
    expect(fromDraft(JSON.parse(JSON.stringify(typed)) as HojaValues)).toEqual(typed);
  });
});
