import { describe, expect, it } from 'vitest';
import {
  pendingFields,
  CompradorPerfilInputSchema,
  ProductorPerfilInputSchema,
  ProductorPerfilUpdateSchema,
} from './perfiles';
import { RegisterSchema } from './auth';

describe('profile schemas', () => {
  it('reads empty form fields as null and numeric text as numbers', () => {
    const r = ProductorPerfilInputSchema.parse({
      tipoProductor: 'FINCA',
      nombre: 'La Loma',
      pais: 'CO',
      region: 'Huila',
      municipio: '',
      altitud: '1800',
    });
    expect(r).toMatchObject({ municipio: null, altitud: 1800 });
  });

  it('reads the numbers typed the Spanish way, and refuses what a Spanish reader could take two ways (issue 25)', () => {
    expect(ProductorPerfilUpdateSchema.parse({ altitud: '1.800', hectareas: '12,5', anioFundacion: '1987' })).toEqual({
      altitud: 1800,
      hectareas: 12.5,
      anioFundacion: 1987,
    });
    expect(CompradorPerfilInputSchema.shape.volumenAnualKg.parse('120.000')).toBe(120000);
    // "1.250" hectares was 1,25 ha; "12.5" is a decimal written the English way.
    expect(ProductorPerfilUpdateSchema.parse({ hectareas: '1.250' })).toEqual({ hectareas: 1250 });
    const r = ProductorPerfilUpdateSchema.safeParse({ altitud: '1,800', hectareas: '12.5' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['altitud', 'Aquí van números enteros: para 1800 escribe 1.800 (los miles llevan punto).'],
      ['hectareas', 'Escribe los decimales con coma: 12,5.'],
    ]);
  });

  it('keeps absent fields absent on update, so that they are not touched', () => {
    expect(ProductorPerfilUpdateSchema.parse({ region: 'Cauca' })).toEqual({ region: 'Cauca' });
  });

  it('refuses a future founding date, and only for that', () => {
    const body = { empresa: 'X S.A.', tipoComprador: 'OTRO', pais: 'ES' };
    // The same body with a past date is valid: the refusal below is the date's.
    expect(CompradorPerfilInputSchema.safeParse({ ...body, fechaOrigen: '2001-05-20' }).success).toBe(true);
    const r = CompradorPerfilInputSchema.safeParse({ ...body, fechaOrigen: '2999-01-01' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['fechaOrigen', 'La fecha no puede ser futura.'],
    ]);
  });

  it('takes a website without its scheme and stores it with https:// (issue 32)', () => {
    const body = { empresa: 'X S.A.', tipoComprador: 'OTRO', pais: 'ES', fechaOrigen: '2001-05-20' };
    const web = (sitioWeb: string) => CompradorPerfilInputSchema.safeParse({ ...body, sitioWeb });
    expect(web('fincalaesperanza.co').data?.sitioWeb).toBe('https://fincalaesperanza.co');
    expect(web(' www.cafés-del-sur.com/tienda?x=1 ').data?.sitioWeb).toBe('https://www.cafés-del-sur.com/tienda?x=1');
    expect(web('http://finca.example').data?.sitioWeb).toBe('http://finca.example');
    expect(web('').data?.sitioWeb).toBeNull();
    for (const bad of ['finca', 'javascript:alert(1)', 'mailto:a@b.co', 'finca la esperanza.co'])
      expect(web(bad).success, bad).toBe(false);
  });

  it('lists the completeness fields still missing', () => {
    expect(
      pendingFields('PRODUCTOR', { descripcion: 'Hola', altitud: null, avatar: '  ' }).map((c) => c.campo),
    ).toEqual(['altitud', 'avatar']);
    expect(pendingFields('COMPRADOR', { descripcion: 'Tostamos', ciudad: 'Bilbao' })).toEqual([]);
  });
});

describe('RegisterSchema', () => {
  it('lower-cases and trims the e-mail and accepts only the two account types', () => {
    const base = { email: '  Ana@Example.COM ', password: 'una frase larga', nombre: 'Ana', apellido: 'Ríos' };
    expect(RegisterSchema.parse({ ...base, tipoUser: 'COMPRADOR' }).email).toBe('ana@example.com');
    const tipoIssues = (tipoUser: string) =>
      RegisterSchema.safeParse({ ...base, tipoUser }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    const refused = [['tipoUser', 'Elige un tipo de cuenta: Productor o Comprador.']];
    expect(tipoIssues('ADMIN')).toEqual(refused);
    expect(tipoIssues('comprador')).toEqual(refused);
  });
});
