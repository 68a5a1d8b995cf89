import { describe, expect, it } from 'vitest';
import type { Lote } from '../../../contract/lotes';
import { resumirLotes } from './resumen-productor';

const lote = (o: Partial<Lote>): Lote =>
  ({
    ocultar: false,
    status: 'POR_ENVIAR',
    sacosDisponibles: 0,
    pesoSacoKg: 70,
    precioKg: 10,
    moneda: 'USD',
    ...o,
  }) as Lote;

describe('resumirLotes', () => {
  it('counts visible, hidden, POR_ENVIAR and verified lots and values the stock per currency', () => {
    const r = resumirLotes([
      lote({ sacosDisponibles: 10, pesoSacoKg: 70, precioKg: 8 }),
      lote({ ocultar: true, status: 'VERIFICADO', sacosDisponibles: 2, pesoSacoKg: 35, precioKg: 20 }),
      lote({ status: 'EN_REVISION', sacosDisponibles: 4, pesoSacoKg: 60, precioKg: 9, moneda: 'EUR' }),
    ]);
    expect(r).toMatchObject({ visibles: 2, ocultos: 1, porEnviar: 1, verificados: 1, sacos: 16, kg: 700 + 70 + 240 });
    expect(r.valor).toEqual([
      { moneda: 'USD', total: 700 * 8 + 70 * 20 },
      { moneda: 'EUR', total: 240 * 9 },
    ]);
  });

  it('is all zeros without lots', () => {
    expect(resumirLotes([])).toEqual({
      visibles: 0,
      ocultos: 0,
      porEnviar: 0,
      verificados: 0,
      sacos: 0,
      kg: 0,
      valor: [],
    });
  });
});
