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

  it('drops unknown sort and filter values from the API query, so the API accepts whatever the URL holds', () => {
    expect(catalogoQueryString(params('orden=puntaje_desc'))).toBe('');
    expect(catalogoQueryString(params('orden=precio_asc&proceso=NADA,HONEY,HONEY&pais=zz,co'))).toBe(
      'orden=precio_asc&pais=CO&proceso=HONEY',
    );
    const broken = [
      'orden=puntaje_desc',
      'orden=%00',
      'proceso=NADA&certificacion=X&posicion=Y&status=Z&pais=ZZ',
      'puntajeMin=abc&puntajeMax=500&precioMin=-1&precioMax=1e9&sacosMin=1.5',
      'puntajeMin=90&puntajeMax=80&precioMin=20&precioMax=10',
      'page=0&limit=1000',
      'page=-3&limit=2.5',
      'page=1.5&limit=abc',
      'productor=no-es-un-uuid',
      'agotados=quizas',
      `q=${'a'.repeat(300)}&region=${'b'.repeat(300)}&variedad=${'c'.repeat(300)}`,
      'q=%00&region=%00&variedad=%00',
    ];
    for (const url of broken) {
      const qs = catalogoQueryString(params(url));
      expect(LotesQuerySchema.safeParse(Object.fromEntries(params(qs))).success, `${url} → ${qs}`).toBe(true);
    }
    const valid =
      'agotados=true&certificacion=ORGANICO&limit=24&orden=puntaje&page=2&pais=CO&posicion=DISPONIBLE' +
      '&precioMax=20&precioMin=10&proceso=LAVADO,HONEY&productor=6f1c9e7e-1b1a-4c1e-9a1a-1b1a1b1a1b1a' +
      '&puntajeMax=90&puntajeMin=85&q=geisha&region=Huila&sacosMin=5&status=VERIFICADO&variedad=Caturra';
    expect(catalogoQueryString(params(valid))).toBe(new URLSearchParams(valid).toString());
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
