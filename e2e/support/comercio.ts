import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { E2EUser } from '../fixtures';
import { auth } from './pedidos';

/*
 * Trade set-up through the API that support/pedidos.ts does not hold (the session, demo accounts and commercial
 * details are there), so that each spec drives in the browser only what it is about.
 */

export interface LoteCreado {
  id: string;
  nombre: string;
}

/**
 * A published Colombian lot: 10 bags of 70 kg at 8,50 USD/kg FOB (6,16 + 2,00 + 0,34, Cereza's 4 %), with a free
 * 200 g sample. `datos` overrides any field of the body (a lot without a breakdown: `desglosePrecio: null`); the
 * answer carries the name the server stored.
 */
export async function createLote(
  request: APIRequestContext,
  productor: E2EUser,
  datos: Record<string, unknown> = {},
): Promise<LoteCreado> {
  const res = await request.post('/api/lotes', {
    headers: auth(productor),
    data: {
      nombre: `Caturra ${randomUUID().slice(0, 8)}`,
      pais: 'CO',
      region: 'Huila',
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      precioKg: 8.5,
      pesoSacoKg: 70,
      sacosDisponibles: 10,
      loteMinimoSacos: 1,
      desglosePrecio: { precioFinca: 6.16, costosExportacion: 2 },
      muestra: { disponible: true, gramos: 200, precio: 0 },
      ...datos,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { lote } = (await res.json()).data;
  return { id: lote.id, nombre: lote.nombre };
}

/** A reservation through the API (POST /api/pedidos with its Idempotency-Key); answers the order. */
export async function reservar(
  request: APIRequestContext,
  comprador: E2EUser,
  loteId: string,
  datos: Record<string, unknown> = {},
): Promise<{ id: string; numero: string; estado: string }> {
  const res = await request.post('/api/pedidos', {
    headers: { ...auth(comprador), 'idempotency-key': randomUUID() },
    data: { loteId, sacos: 1, ...datos },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.pedido;
}
