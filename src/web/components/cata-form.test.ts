import { describe, expect, it } from 'vitest';
import { CataInputSchema, puntajeSca } from '../../contract/muestras';
import { emptyDraft, erroresDeTextos, notasFrom, textosDe, toHoja } from './cata-form';

describe('the cupping form', () => {
  it('sends a sheet the server accepts, with the total the form showed', () => {
    const draft = {
      ...emptyDraft(),
      notas: ' mandarina, panela ,, jazmín ',
      comentarios: { acidez: 'Cítrica.', sabor: '  ' },
      decision: 'INTERESADO' as const,
      intensidadAcidez: 'ALTA' as const,
      agtron: 58,
    };
    const hoja = toHoja(draft);
    const parsed = CataInputSchema.parse(hoja);
    expect(parsed.notasCata).toEqual(['mandarina', 'panela', 'jazmín']);
    expect(parsed.comentarios).toEqual({ acidez: 'Cítrica.' });
    expect(parsed).toMatchObject({ intensidadAcidez: 'ALTA', intensidadCuerpo: null, agtron: 58 });
    expect(puntajeSca(parsed)).toBe(puntajeSca(draft));
  });

  it('keeps at most eight descriptors', () => {
    expect(notasFrom('a,b,c,d,e,f,g,h,i,j')).toHaveLength(8);
  });

  it('a sheet without a decision is refused with its field message', () => {
    const r = CataInputSchema.safeParse(toHoja(emptyDraft()));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['decision'], message: 'Elige si te interesa el lote.' });
  });

  it('shows and reads the sheet numbers the Spanish way (issue 25: "8,25" was read as 825)', () => {
    const textos = textosDe({ ...emptyDraft(), agtron: 58 });
    expect(textos).toMatchObject({ acidez: '7,50', defectosTazas: '0', agtron: '58' });
    expect(erroresDeTextos({ ...textos, acidez: '8,25', agtron: '' })).toEqual({});
    expect(erroresDeTextos({ ...textos, acidez: '8.25', sabor: '8.250', defectosTazas: '1,5', cuerpo: '' })).toEqual({
      'atributos.acidez': 'Escribe los decimales con coma: 8,25.',
      'atributos.sabor': expect.stringContaining('más que el máximo'),
      'atributos.cuerpo': 'Escribe un número.',
      'defectos.tazas': 'Aquí van números enteros, sin decimales.',
    });
  });
});
