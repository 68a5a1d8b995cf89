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

  it('keeps absent fields absent on update, so that they are not touched', () => {
    expect(ProductorPerfilUpdateSchema.parse({ region: 'Cauca' })).toEqual({ region: 'Cauca' });
  });

  it('refuses a future founding date', () => {
    const r = CompradorPerfilInputSchema.safeParse({
      fechaOrigen: '2999-01-01',
      empresa: 'X S.A.',
      tipoComprador: 'OTRO',
      pais: 'ES',
    });
    expect(r.success).toBe(false);
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
    expect(RegisterSchema.safeParse({ ...base, tipoUser: 'ADMIN' }).success).toBe(false);
    expect(RegisterSchema.safeParse({ ...base, tipoUser: 'comprador' }).success).toBe(false);
  });
});
