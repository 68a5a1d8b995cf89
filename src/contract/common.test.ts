import { describe, expect, it } from 'vitest';
import { pageQuerySchema, verbo } from './common';
import { DireccionEnvioSchema } from './muestras';
import { texto } from './campos';

describe('the page-limit query of every paged list', () => {
  const schema = pageQuerySchema(50, 10);

  it('treats an empty or absent value as not given', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(schema.parse({ page: '', limit: '' })).toEqual({ page: 1, limit: 10 });
    expect(schema.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
  });

  it('refuses what is out of range, in Spanish, per field', () => {
    const r = schema.safeParse({ page: '0', limit: '51' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ page: 'La página empieza en 1.', limit: 'El límite debe ser como máximo 50.' });
    expect(schema.safeParse({ page: 'dos' }).error!.issues[0].message).toBe('La página debe ser un número.');
  });
});

describe('"es obligatorio" agrees with the field (issue 32: "La dirección es obligatorio.")', () => {
  it('says obligatoria for a feminine field and obligatorio for a masculine one', () => {
    const r = DireccionEnvioSchema.safeParse({ nombre: ' ', linea1: ' ', ciudad: '', pais: 'ES' });
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      nombre: 'El nombre de quien recibe es obligatorio.',
      linea1: 'La dirección es obligatoria.',
      ciudad: 'La ciudad es obligatoria.',
    });
    expect(texto('La ventana de embarque', 1, 60).safeParse('').error!.issues[0].message).toBe(
      'La ventana de embarque es obligatoria.',
    );
  });
});

describe('a field named in the plural takes a plural verb (issue 32: "Los sacos disponibles debe…")', () => {
  it('says deben, admiten, son obligatorios', () => {
    expect(texto('Tus argumentos', 5, 2000).safeParse('No.').error!.issues[0].message).toBe(
      'Tus argumentos deben tener al menos 5 caracteres.',
    );
    expect(texto('Tus argumentos', 1, 3).safeParse('').error!.issues[0].message).toBe(
      'Tus argumentos son obligatorios.',
    );
    expect(texto('Las notas', 1, 3).safeParse('').error!.issues[0].message).toBe('Las notas son obligatorias.');
    expect(texto('Las notas', 1, 3).safeParse('abcd').error!.issues[0].message).toBe(
      'Las notas admiten como máximo 3 caracteres.',
    );
    expect(texto('El texto', 5, 10).safeParse('ab').error!.issues[0].message).toBe(
      'El texto debe tener al menos 5 caracteres.',
    );
    expect(verbo('Los sacos disponibles', 'debe')).toBe('deben');
  });
});
