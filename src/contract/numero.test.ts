import { describe, expect, it } from 'vitest';
import { formatoEs, readNumero } from './numero';

const valor = (texto: string, opciones?: Parameters<typeof readNumero>[1]) => {
  const r = readNumero(texto, opciones);
  if (!r.ok) throw new Error(`refused ${texto}: ${r.error}`);
  return r.valor;
};
const error = (texto: string, opciones?: Parameters<typeof readNumero>[1]) => {
  const r = readNumero(texto, opciones);
  if (r.ok) throw new Error(`read ${texto} as ${r.valor}`);
  return r.error;
};

describe('readNumero: numbers as a Spanish reader means them', () => {
  it('reads the dot as thousands and the comma as decimals (the forms of the trial)', () => {
    expect(valor('25.000')).toBe(25000);
    expect(valor('25.000,50')).toBe(25000.5);
    expect(valor('1.800', { decimales: 3 })).toBe(1800);
    expect(valor('2.100', { decimales: 3 })).toBe(2100);
    expect(valor('41.000')).toBe(41000);
    expect(valor('8,25', { decimales: 2, max: 10 })).toBe(8.25);
    expect(valor('1.250.000,5')).toBe(1250000.5);
    expect(valor('12')).toBe(12);
    expect(valor(' 25 000 ')).toBe(25000);
    expect(valor('25\u00a0000,5')).toBe(25000.5);
    expect(valor('-3,5')).toBe(-3.5);
    expect(valor('0,05')).toBe(0.05);
    expect(valor('1800', { decimales: 0 })).toBe(1800);
    expect(valor('1.800', { decimales: 0, max: 100 })).toBe(1800);
  });

  it('refuses a dot that groups no thousands, saying to write the comma', () => {
    expect(error('8.25', { max: 10 })).toBe('Escribe los decimales con coma: 8,25.');
    expect(error('2.1')).toBe('Escribe los decimales con coma: 2,1.');
    expect(error('1.5000')).toBe('Escribe los decimales con coma: 1,5000.');
  });

  it('refuses the English order', () => {
    expect(error('25,000.50')).toBe('Escribe los miles con punto y los decimales con coma: 25.000,5.');
  });

  it('refuses a comma in a field of whole numbers, guessing the thousands only in the message', () => {
    expect(error('1,800', { decimales: 0 })).toBe(
      'Aquí van números enteros: para 1800 escribe 1.800 (los miles llevan punto).',
    );
    expect(error('2,5', { decimales: 0 })).toBe('Aquí van números enteros, sin decimales.');
  });

  it('refuses a thousands reading above the maximum of a field with decimals (ambiguous there)', () => {
    expect(error('8.250', { decimales: 2, max: 10 })).toBe(
      '«8.250» se lee 8.250, más que el máximo (10); si son decimales, escríbelos con coma: 8,250.',
    );
    // Within the maximum the thousands reading stands.
    expect(valor('8.250', { decimales: 2, max: 100_000 })).toBe(8250);
  });

  it('refuses more decimals than the field admits, and anything that is not a number', () => {
    expect(error('8,125', { decimales: 2 })).toBe('Admite como máximo 2 decimales.');
    expect(error('8,12', { decimales: 1 })).toBe('Admite como máximo 1 decimal.');
    expect(error('')).toBe('Escribe un número.');
    expect(error('12 kg')).toMatch(/^Escribe solo cifras/);
    expect(error('1,2,3')).toMatch(/^Escribe solo cifras/);
    expect(error('25.00,5')).toMatch(/^Escribe solo cifras/);
    expect(error('99999999999999999')).toBe('El número es demasiado grande.');
  });

  it('formats back the Spanish way, grouping even four digits', () => {
    expect(formatoEs(1800, 0)).toBe('1.800');
    expect(formatoEs(25000.5, 2, 2)).toBe('25.000,50');
    expect(formatoEs(8.25)).toBe('8,25');
  });
});
