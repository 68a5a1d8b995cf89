import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { E2EUser } from '../fixtures';

/*
 * Trade set-up through the API, shared by the specs (a lot, a party's commercial details...), so that each spec
 * drives in the browser only what it is about.
 */

export const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/** A party's commercial details (the contract and the invoices need them). */
export async function infoComercial(
  request: APIRequestContext,
  u: E2EUser,
  razonSocial: string,
  taxId: string,
  direccion: { linea1: string; ciudad: string; codigoPostal: string; pais: string } = {
    linea1: 'Muelle de la Aduana 3',
    ciudad: 'Valencia',
    codigoPostal: '46024',
    pais: 'ES',
  },
) {
  const res = await request.put('/api/users/me/informacion-comercial', {
    headers: auth(u),
    data: { razonSocial, taxId, direccionFacturacion: direccion, emailFacturacion: 'facturas@example.com' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface LoteCreado {
  id: string;
  nombre: string;
}

/**
 * A published Colombian lot: 10 bags of 70 kg at 8,50 USD/kg FOB (6,16 + 2,00 + 0,34, Cereza's 4 %), with a free
 * 200 g sample. `datos` overrides any field of the body (a lot without a breakdown: `desglosePrecio: null`).
 */
export async function crearLote(
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
