import { describe, expect, it } from 'vitest';
import { PARCELA_MESSAGES } from '../../../contract/parcelas-codes';
import { IndiceParcelas, decimalesDe, juzgarParcela } from './geometria';
import { cuadrado, enHuila, HUILA, puntoHuila } from './test-fixtures';

const reglas = (v: ReturnType<typeof juzgarParcela>) => v.hallazgos.map((h) => `${h.nivel}:${h.regla}`);

describe('EUDR plot rules (decision 058)', () => {
  it('accepts a real-shaped polygon whose declared area agrees, and computes its geodesic area', () => {
    const v = juzgarParcela({ geometria: enHuila(0, 3), hectareas: 3, pais: 'CO' });
    expect(v.hallazgos).toEqual([]);
    expect(v.areaCalculadaHa).toBeGreaterThan(2.9);
    expect(v.areaCalculadaHa).toBeLessThan(3.1);
  });

  it('refuses a 12 ha plot given as a point', () => {
    const v = juzgarParcela({ geometria: puntoHuila(0), hectareas: 12, pais: 'CO' });
    expect(reglas(v)).toEqual(['error:POLIGONO_REQUERIDO']);
    expect(v.hallazgos[0].mensaje).toBe(PARCELA_MESSAGES.POLIGONO_REQUERIDO(12));
  });

  it('flags swapped coordinates: they land outside the country, and the message says they look swapped', () => {
    const [lon, lat] = puntoHuila(0).coordinates as number[];
    const v = juzgarParcela({ geometria: { type: 'Point', coordinates: [lat, lon] }, hectareas: 2, pais: 'CO' });
    expect(reglas(v)).toEqual(['error:PAIS']);
    expect(v.hallazgos[0].mensaje).toBe(PARCELA_MESSAGES.FUERA_DE_PAIS_INVERTIDA('Colombia'));
    // A latitude beyond 90 with a longitude within it: swapped, said at once.
    const fuera = juzgarParcela({
      geometria: { type: 'Point', coordinates: [1.8134567, -175.8712345] },
      hectareas: 2,
      pais: 'CO',
    });
    expect(reglas(fuera)).toEqual(['error:COORDENADAS']);
  });

  it('refuses a bow-tie polygon', () => {
    const [x0, y0, x1, y1] = [HUILA.lon, HUILA.lat, HUILA.lon + 0.0012345, HUILA.lat + 0.0012345];
    const lazo = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [x0, y0],
          [x1, y1],
          [x1, y0],
          [x0, y1],
          [x0, y0],
        ],
      ],
    };
    const v = juzgarParcela({ geometria: lazo, hectareas: 1, pais: 'CO' });
    expect(reglas(v)).toEqual(['error:AUTOINTERSECCION']);
    expect(v.hallazgos[0].mensaje).toMatch(/se cruza consigo mismo/);
  });

  it('refuses a point with five decimals', () => {
    const v = juzgarParcela({
      geometria: { type: 'Point', coordinates: [-75.87123, 1.80345] },
      hectareas: 2,
      pais: 'CO',
    });
    expect(reglas(v)).toEqual(['error:DECIMALES']);
    expect(v.hallazgos[0].mensaje).toBe(PARCELA_MESSAGES.DECIMALES(5));
    // As written in a CSV, "1.803450" keeps its six decimals.
    const escrito = juzgarParcela({
      geometria: { type: 'Point', coordinates: [-75.871234, 1.80345] },
      hectareas: 2,
      pais: 'CO',
      decimalesEscritos: 6,
    });
    expect(escrito.hallazgos).toEqual([]);
    expect([decimalesDe(4.6), decimalesDe(-75.1234567), decimalesDe(1e-7)]).toEqual([1, 7, 7]);
  });

  it('refuses a declared 3 ha against a computed 9 ha, and accepts within the tolerance', () => {
    const nueve = cuadrado(HUILA.lon, HUILA.lat, 9);
    const v = juzgarParcela({ geometria: nueve, hectareas: 3, pais: 'CO' });
    expect(reglas(v)).toEqual(['error:AREA']);
    expect(v.hallazgos[0].mensaje).toMatch(/^Declaras 3 ha pero el polígono mide 9(,\d+)? ha/);
    expect(juzgarParcela({ geometria: nueve, hectareas: 8.5, pais: 'CO' }).hallazgos).toEqual([]);
    expect(reglas(juzgarParcela({ geometria: nueve, hectareas: null, pais: 'CO' }))).toEqual(['error:AREA']);
  });

  it('refuses an open ring and a ring of three points', () => {
    const g = enHuila(0);
    const abierto = { type: 'Polygon' as const, coordinates: [g.coordinates[0].slice(0, -1)] };
    expect(reglas(juzgarParcela({ geometria: abierto, hectareas: 3, pais: 'CO' }))).toContain('error:ANILLO_CERRADO');
    const corto = {
      type: 'Polygon' as const,
      coordinates: [[g.coordinates[0][0], g.coordinates[0][1], g.coordinates[0][0]]],
    };
    expect(reglas(juzgarParcela({ geometria: corto, hectareas: 3, pais: 'CO' }))).toContain('error:ANILLO_CERRADO');
  });

  it('refuses coordinates out of range', () => {
    const v = juzgarParcela({
      geometria: { type: 'Point', coordinates: [-190.1234567, 1.8034567] },
      hectareas: 1,
      pais: 'CO',
    });
    expect(reglas(v)).toEqual(['error:COORDENADAS']);
    expect(v.hallazgos[0].mensaje).toBe(PARCELA_MESSAGES.RANGO_LONGITUD(-190.1234567));
  });

  it('a plot just across the coarse border is a warning to confirm, not a refusal; far away is refused', () => {
    // Tulcán, Ecuador, a few km from the Colombian border, declared as Colombia.
    const cerca = juzgarParcela({
      geometria: { type: 'Point', coordinates: [-77.7212345, 0.8123456] },
      hectareas: 2,
      pais: 'CO',
    });
    expect(reglas(cerca)).toEqual(['aviso:PAIS']);
    expect(cerca.hallazgos[0].mensaje).toBe(PARCELA_MESSAGES.PAIS_DUDOSO('Colombia'));
    // Quito, declared as Colombia.
    const lejos = juzgarParcela({
      geometria: { type: 'Point', coordinates: [-78.4678123, -0.1806532] },
      hectareas: 2,
      pais: 'CO',
    });
    expect(reglas(lejos)).toEqual(['error:PAIS']);
    expect(lejos.hallazgos[0].mensaje).toBe(PARCELA_MESSAGES.FUERA_DE_PAIS('Colombia'));
  });

  it('a multipolygon is judged by all its parts', () => {
    const a = enHuila(0, 2).coordinates;
    const b = enHuila(1, 2).coordinates;
    const v = juzgarParcela({ geometria: { type: 'MultiPolygon', coordinates: [a, b] }, hectareas: 4, pais: 'CO' });
    expect(v.hallazgos).toEqual([]);
    expect(v.areaCalculadaHa).toBeGreaterThan(3.9);
  });

  it('two plots of one organisation may share a border but not overlap', () => {
    const a = cuadrado(HUILA.lon, HUILA.lat, 4);
    const ring = a.coordinates[0];
    const anchura = ring[1][0] - ring[0][0];
    const vecina = cuadrado(ring[1][0], HUILA.lat, 4); // starts where `a` ends: a common edge
    const encima = cuadrado(HUILA.lon + anchura / 2, HUILA.lat, 4);
    const indice = new IndiceParcelas([{ id: 'a', nombre: 'Finca A', geometria: a }]);
    expect(indice.solape(vecina)).toBeUndefined();
    expect(indice.solape(encima)?.mensaje).toBe(PARCELA_MESSAGES.SOLAPE('Finca A'));
    // A plot does not overlap itself when it is saved again.
    expect(indice.solape(a, 'a')).toBeUndefined();
    // A point inside another plot's polygon overlaps it.
    const dentro = { type: 'Point' as const, coordinates: [HUILA.lon + anchura / 3, HUILA.lat + 0.0001234] };
    expect(indice.solape(dentro)?.regla).toBe('SOLAPE');
  });
});
