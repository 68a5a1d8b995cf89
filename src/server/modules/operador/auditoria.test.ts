import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { auditar, type EntradaAuditoria } from '../auditoria';

/*
 * The audit page's search (issue 28): by action, by object (kind and id), and server-side pages in a stable order
 * (keyset on the log's sequence number), on a fresh database so every list is exact.
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-02T09:00:00Z'));
let operador: TestUser;
const A = randomUUID();
const B = randomUUID();
const L = randomUUID();
const P = randomUUID();

const FILAS: Array<Pick<EntradaAuditoria, 'accion' | 'entidad' | 'entidadId'>> = [
  { accion: 'CUENTA_SUSPENDER', entidad: 'cuenta', entidadId: A },
  { accion: 'CUENTA_REACTIVAR', entidad: 'cuenta', entidadId: A },
  { accion: 'LOTE_OCULTAR', entidad: 'lote', entidadId: L },
  { accion: 'LOTE_MOSTRAR', entidad: 'lote', entidadId: L },
  { accion: 'CUENTA_SUSPENDER', entidad: 'cuenta', entidadId: B },
  { accion: 'PEDIDO_CANCELAR', entidad: 'pedido', entidadId: P },
  { accion: 'LABORATORIO_DIRECCION', entidad: 'ajuste', entidadId: 'direccionLaboratorio' },
];

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  operador = await createUser(ctx, 'OPERADOR');
  for (const [i, f] of FILAS.entries()) {
    // Same instant for some rows: the order must not depend on the clock.
    await auditar(ctx.app.db, operador, { ...f, motivo: `Motivo ${i}` }, clock.now());
  }
});
afterAll(() => ctx.close());

type Pagina = {
  entradas: Array<{ n: number; accion: string; entidadId: string; motivo: string }>;
  siguiente: number | null;
};
const search = async (qs: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/operador/auditoria?${qs}`, headers: bearer(operador) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Pagina;
};
const motivos = (p: Pagina) => p.entradas.map((e) => e.motivo);

describe('the audit log’s search', () => {
  it('filters by action, by the object’s kind and id, and by both', async () => {
    expect(motivos(await search('accion=CUENTA_SUSPENDER'))).toEqual(['Motivo 4', 'Motivo 0']);
    expect(motivos(await search('entidad=lote'))).toEqual(['Motivo 3', 'Motivo 2']);
    expect(motivos(await search(`entidad=cuenta&entidadId=${A}`))).toEqual(['Motivo 1', 'Motivo 0']);
    expect(motivos(await search(`accion=CUENTA_SUSPENDER&entidadId=${B}`))).toEqual(['Motivo 4']);
    expect(motivos(await search('accion=CUENTA_SUSPENDER&entidad=lote'))).toEqual([]);
    expect(motivos(await search('q=pedido_cancelar'))).toEqual(['Motivo 5']);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/operador/auditoria/acciones',
      headers: bearer(operador),
    });
    expect(json(res).data.acciones).toEqual([
      'CUENTA_REACTIVAR',
      'CUENTA_SUSPENDER',
      'LABORATORIO_DIRECCION',
      'LOTE_MOSTRAR',
      'LOTE_OCULTAR',
      'PEDIDO_CANCELAR',
    ]);
  });

  it('pages on the server, newest first: no row repeated or skipped, even when one is written between pages', async () => {
    const p1 = await search('limit=3');
    expect(motivos(p1)).toEqual(['Motivo 6', 'Motivo 5', 'Motivo 4']);
    expect(p1.siguiente).toBe(p1.entradas[2].n);
    // An action taken while the operator reads the first page goes to the top, not into the next page.
    await auditar(
      ctx.app.db,
      operador,
      { accion: 'LOTE_OCULTAR', entidad: 'lote', entidadId: L, motivo: 'Nueva' },
      clock.now(),
    );
    const p2 = await search(`limit=3&antesDe=${p1.siguiente}`);
    expect(motivos(p2)).toEqual(['Motivo 3', 'Motivo 2', 'Motivo 1']);
    const p3 = await search(`limit=3&antesDe=${p2.siguiente}`);
    expect(motivos(p3)).toEqual(['Motivo 0']);
    expect(p3.siguiente).toBeNull();
    // Filters and pages together.
    const l1 = await search('entidad=lote&limit=2');
    expect(motivos(l1)).toEqual(['Nueva', 'Motivo 3']);
    expect(motivos(await search(`entidad=lote&limit=2&antesDe=${l1.siguiente}`))).toEqual(['Motivo 2']);
  });

  it('refuses bad filters with a Spanish 400', async () => {
    for (const [qs, texto] of [
      ['entidad=usuarios', 'Elige un tipo de objeto de la lista.'],
      ['accion=drop%20table', 'Elige una acción de la lista.'],
      ['limit=0', 'El tamaño de página debe ser un número entre 1 y 100.'],
      ['limit=500', 'El tamaño de página debe ser un número entre 1 y 100.'],
      ['antesDe=-3', 'La página pedida no es válida.'],
      ['antesDe=abc', 'La página pedida no es válida.'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/operador/auditoria?${qs}`,
        headers: bearer(operador),
      });
      expect(res.statusCode, qs).toBe(400);
      expect(res.body, qs).toContain(texto);
    }
  });
});
