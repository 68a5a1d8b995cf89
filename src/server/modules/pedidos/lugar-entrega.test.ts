import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import { PEDIDO_MESSAGES, PedidoResponseSchema } from '../../../contract/pedidos';
import { SolicitudInputSchema } from '../../../contract/solicitudes';
import { bearer, createTestApp, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { INFO, userConInfo } from '../facturas/test-fixtures';

/*
 * Issue 25: an empty DAP place silently became the origin ("DAP Huila, CO" on the order, the contract and the
 * invoice of a buyer in Valencia). An incoterm naming the buyer's place needs the buyer's place; EXW/FCA/FOB
 * default to the lot's.
 */

let ctx: TestContext;
let comprador: TestUser;
let productor: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  comprador = await userConInfo(ctx, 'COMPRADOR', INFO.ES_COMPRADOR);
  productor = await userConInfo(ctx, 'PRODUCTOR', INFO.CO_PRODUCTOR);
});
afterAll(() => ctx.close());

const reservar = (loteId: string, body: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
    payload: { loteId, sacos: 2, ...body },
  });

describe('the delivery place is the agreed one', () => {
  it('names the incoterms whose place is the buyer’s', () => {
    expect(['DAP', 'DPU', 'DDP', 'CPT', 'CIP', 'CFR', 'CIF'].every(lugarDelComprador)).toBe(true);
    expect(['EXW', 'FCA', 'FOB', 'FAS'].some(lugarDelComprador)).toBe(false);
  });

  it('DAP without a place is refused in Spanish (400), the bags stay free; with one, the order names it', async () => {
    const lote = await postLote(ctx, productor, { incoterm: 'DAP', sacosDisponibles: 10 });
    const sin = await reservar(lote.id);
    expect(sin.statusCode, sin.body).toBe(400);
    expect(json(sin).error.message).toBe(PEDIDO_MESSAGES.lugarRequerido('DAP'));
    const blanco = await reservar(lote.id, { lugarEntrega: '   ' });
    expect(blanco.statusCode).toBe(400);

    const con = await reservar(lote.id, { lugarEntrega: 'Polígono Fuente del Jarro, Valencia, España' });
    expect(con.statusCode, con.body).toBe(201);
    const pedido = PedidoResponseSchema.parse(json(con)).data.pedido;
    expect(pedido.incoterm).toBe('DAP');
    expect(pedido.lugarEntrega).toBe('Polígono Fuente del Jarro, Valencia, España');
    // Only the second attempt took bags.
    const l = json(await ctx.app.inject({ method: 'GET', url: `/api/lotes/${lote.id}`, headers: bearer(comprador) }));
    expect(l.data.lote.sacosReservados).toBe(2);
  });

  it('FOB without a place takes the lot’s', async () => {
    const lote = await postLote(ctx, productor, { incoterm: 'FOB', sacosDisponibles: 10 });
    const res = await reservar(lote.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(PedidoResponseSchema.parse(json(res)).data.pedido.lugarEntrega).toBe('Huila, CO');
  });

  it('a DAP request needs its place too', () => {
    const base = {
      titulo: 'Lavado de Huila para espresso',
      origenes: ['CO'],
      sacos: 10,
      pesoSacoKg: 70,
      cierre: '2030-01-01',
    };
    const dap = SolicitudInputSchema.safeParse({ ...base, incoterm: 'DAP' });
    expect(dap.success).toBe(false);
    expect(dap.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'lugarEntrega',
      'Con DAP la entrega es en tu destino: indica el lugar de entrega (ciudad y país).',
    ]);
    expect(SolicitudInputSchema.safeParse({ ...base, incoterm: 'DAP', lugarEntrega: 'Valencia, España' }).success).toBe(
      true,
    );
  });
});
