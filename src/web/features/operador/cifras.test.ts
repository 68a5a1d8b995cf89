import { describe, expect, it } from 'vitest';
import type { Resumen } from '../../../contract/operador-answers';
import { etiquetasMes, filasPedidos, mesCorto, mesLargo, seriesPedidos } from './cifras';

describe('the Resumen’s charts in Spanish', () => {
  it('names the months in Spanish, with the year under the first month and under January', () => {
    expect(mesCorto('2026-01')).toBe('ene');
    expect(mesCorto('2025-09')).toBe('sept');
    expect(mesLargo('2026-11')).toBe('noviembre de 2026');
    expect(etiquetasMes(['2025-11', '2025-12', '2026-01', '2026-02'])).toEqual([
      { mes: 'nov', anio: '2025' },
      { mes: 'dic', anio: '' },
      { mes: 'ene', anio: '2026' },
      { mes: 'feb', anio: '' },
    ]);
  });

  it('groups the orders’ states into bands per month and currency; the table keeps each state', () => {
    const c = {
      meses: ['2026-05', '2026-06'],
      monedas: ['EUR', 'USD'],
      pedidos: [
        { mes: '2026-05', moneda: 'USD', estado: 'RESERVADO', n: 1, kg: 70, valorCentavos: 70000 },
        { mes: '2026-05', moneda: 'USD', estado: 'EMBARCADO', n: 2, kg: 140, valorCentavos: 100000 },
        { mes: '2026-06', moneda: 'USD', estado: 'EXPIRADO', n: 1, kg: 35, valorCentavos: 35000 },
        { mes: '2026-06', moneda: 'EUR', estado: 'COMPLETADO', n: 1, kg: 35, valorCentavos: 9000 },
      ],
      muestras: [],
      altas: [],
      lotesNuevos: [],
      lotesActivos: 0,
    } satisfies Resumen['cifras'];
    expect(seriesPedidos(c, 'USD', 'valorCentavos')).toEqual([
      { nombre: 'En curso', valores: [170000, 0] },
      { nombre: 'Entregados o completados', valores: [0, 0] },
      { nombre: 'En reclamo', valores: [0, 0] },
      { nombre: 'Cancelados o expirados', valores: [0, 35000] },
    ]);
    expect(seriesPedidos(c, 'EUR', 'kg').map((s) => s.valores)).toEqual([
      [0, 0],
      [0, 35],
      [0, 0],
      [0, 0],
    ]);
    expect(filasPedidos(c, 'USD').map((p) => p.estado)).toEqual(['RESERVADO', 'EMBARCADO', 'EXPIRADO']);
  });
});
