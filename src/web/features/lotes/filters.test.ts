import { describe, expect, it } from 'vitest';
import { LotesQuerySchema } from '../../../contract/lotes';
import { catalogoQueryString } from './api';
import { chipsOf, writeFilters, activeFilters, EMPTY_FILTERS, readFilters, readSort, readPage } from './filters';
import { visiblePages, formatResultCount } from './components/catalogo-controls';

const params = (s: string) => new URLSearchParams(s);

describe('catalogue state in the URL', () => {
  it('reads filters, ignoring unknown codes and non-numbers', () => {
    const f = readFilters(
      params('q=geisha&pais=et&proceso=NATURAL,NADA,HONEY&status=VERIFICADO&puntajeMin=86.5&precioMax=abc'),
    );
    expect(f).toMatchObject({
      q: 'geisha',
      pais: 'ET',
      proceso: ['NATURAL', 'HONEY'],
      verificados: true,
      puntajeMin: '86.5',
      precioMax: '',
    });
  });

  it('hides sold-out lots unless the filter asks for them; the API reads the same switch', () => {
    expect(readFilters(params('')).agotados).toBe(false);
    expect(LotesQuerySchema.parse({}).agotados).toBe(false);
    const next = writeFilters(params(''), { ...EMPTY_FILTERS, agotados: true });
    expect(next.get('agotados')).toBe('true');
    expect(readFilters(next).agotados).toBe(true);
    expect(catalogoQueryString(next)).toBe('agotados=true');
    expect(LotesQuerySchema.parse(Object.fromEntries(next)).agotados).toBe(true);
    const chip = chipsOf(readFilters(next)).find((c) => c.id === 'agotados')!;
    expect(chip.label).toBe('Con agotados');
    expect(chip.remove(readFilters(next)).agotados).toBe(false);
  });

  it('writes filters back, keeps the order and drops the page', () => {
    const next = writeFilters(params('orden=puntaje&page=4&q=viejo'), {
      ...EMPTY_FILTERS,
      q: ' huila ',
      certificacion: ['ORGANICO', 'COMERCIO_JUSTO'],
      verificados: true,
    });
    expect(Object.fromEntries(next)).toEqual({
      q: 'huila',
      certificacion: 'ORGANICO,COMERCIO_JUSTO',
      status: 'VERIFICADO',
      orden: 'puntaje',
    });
  });

  it('round-trips through the URL and what it writes is a valid API query', () => {
    const f = {
      ...EMPTY_FILTERS,
      pais: 'CO',
      proceso: ['LAVADO' as const],
      posicion: ['FUTURO' as const],
      puntajeMin: '85',
      precioMin: '5',
      precioMax: '20',
      sacosMin: '10',
    };
    const url = writeFilters(params(''), f);
    expect(readFilters(url)).toEqual(f);
    const parsed = LotesQuerySchema.safeParse(Object.fromEntries(url));
    expect(parsed.success).toBe(true);
  });

  it('reads the sort order and page defensively', () => {
    expect(readSort(params('orden=precio_asc'))).toBe('precio_asc');
    expect(readSort(params('orden=raro'))).toBe('relevancia');
    expect(readPage(params('page=3'))).toBe(3);
    expect(readPage(params('page=-2'))).toBe(1);
    expect(readPage(params('page=2.5'))).toBe(1);
  });

  it('builds one chip per active value, each removing only itself', () => {
    const f = {
      ...EMPTY_FILTERS,
      q: 'chocolate',
      pais: 'PE',
      proceso: ['LAVADO' as const, 'HONEY' as const],
      puntajeMin: '86',
      puntajeMax: '90',
    };
    const chips = chipsOf(f);
    expect(chips.map((c) => c.label)).toEqual(['«chocolate»', 'Perú', 'Lavado', 'Honey', 'Puntaje 86–90']);
    const withoutHoney = chips.find((c) => c.label === 'Honey')!.remove(f);
    expect(withoutHoney.proceso).toEqual(['LAVADO']);
    expect(withoutHoney.pais).toBe('PE');
    expect(activeFilters(f)).toBe(4);
  });

  it('gives equal searches one cache key', () => {
    expect(catalogoQueryString(params('pais=CO&q=geisha&foo=1&region='))).toBe(
      catalogoQueryString(params('q=geisha&pais=CO')),
    );
  });
});

describe('pagination and counts', () => {
  it('shows the pages around the current one with gaps', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(visiblePages(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('words the result count in Spanish with grouped digits', () => {
    expect(formatResultCount(0)).toBe('Ningún lote encontrado');
    expect(formatResultCount(1)).toBe('1 lote encontrado');
    expect(formatResultCount(1234)).toBe('1.234 lotes encontrados');
  });
});
