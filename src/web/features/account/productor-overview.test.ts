import { describe, expect, it } from 'vitest';
import type { Lote } from '../../../contract/lotes';
import { summarizeLotes } from './productor-overview';

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

describe('summarizeLotes', () => {
  it('counts visible, hidden, POR_ENVIAR and verified lots and values the stock per currency', () => {
    const r = summarizeLotes([
      lote({ sacosDisponibles: 10, pesoSacoKg: 70, precioKg: 8 }),
      lote({ ocultar: true, status: 'VERIFICADO', sacosDisponibles: 2, pesoSacoKg: 35, precioKg: 20 }),
      lote({ status: 'EN_REVISION', sacosDisponibles: 4, pesoSacoKg: 60, precioKg: 9, moneda: 'EUR' }),
    ]);
    expect(r).toMatchObject({ visible: 2, hidden: 1, toSend: 1, verificados: 1, sacos: 16, kg: 700 + 70 + 240 });
    expect(r.value).toEqual([
      { moneda: 'USD', total: 700 * 8 + 70 * 20 },
      { moneda: 'EUR', total: 240 * 9 },
    ]);
  });

  it('is all zeros without lots', () => {
    expect(summarizeLotes([])).toEqual({
      visible: 0,
      hidden: 0,
      toSend: 0,
      verificados: 0,
      sacos: 0,
      kg: 0,
      value: [],
    });
  });
});
