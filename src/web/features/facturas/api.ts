import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ClienteResponse,
  ClientesResponse,
  FacturasResponse,
  MovimientosResponse,
} from '../../../contract/facturas';
import { ERRORS } from '../../../contract/errors';
import { API } from '../../../contract/paths';
import { ApiError, api } from '../../lib/api';
import { session } from '../../lib/session';

/** Invoices, the ledger and clients (TRADE.md "Invoices, account movements and clients"). */

export type FacturasFiltro = Partial<
  Record<'desde' | 'hasta' | 'estado' | 'productorId' | 'tipo' | 'rol' | 'page', string>
>;
export type MovimientosFiltro = Partial<Record<'desde' | 'hasta' | 'tipo' | 'moneda' | 'page', string>>;

const qs = (f: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p.toString();
};

export const facturasKeys = {
  all: ['facturas'] as const,
  list: (f: FacturasFiltro) => ['facturas', 'list', f] as const,
  movimientos: (f: MovimientosFiltro) => ['facturas', 'movimientos', f] as const,
  clientes: (q: string, orden: string, dir: string) => ['facturas', 'clientes', { q, orden, dir }] as const,
  cliente: (id: string) => ['facturas', 'cliente', id] as const,
};

export const useFacturas = (f: FacturasFiltro) =>
  useQuery<FacturasResponse['data']>({
    queryKey: facturasKeys.list(f),
    queryFn: ({ signal }) => api<FacturasResponse>(`${API.facturas}?${qs(f)}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useMovimientos = (f: MovimientosFiltro) =>
  useQuery<MovimientosResponse['data']>({
    queryKey: facturasKeys.movimientos(f),
    queryFn: ({ signal }) => api<MovimientosResponse>(`${API.movimientos}?${qs(f)}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useClientes = (q: string, orden: string, dir: string) =>
  useQuery<ClientesResponse['data']>({
    queryKey: facturasKeys.clientes(q, orden, dir),
    queryFn: ({ signal }) =>
      api<ClientesResponse>(`${API.clientes}?${qs({ q, orden, dir })}`, { signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useCliente = (id: string) =>
  useQuery<ClienteResponse['data']>({
    queryKey: facturasKeys.cliente(id),
    queryFn: ({ signal }) => api<ClienteResponse>(API.cliente(id), { signal }).then((r) => r.data),
  });

/**
 * Downloads a file of our API (an invoice's PDF, the ledger's CSV): the call needs the session's token, so a
 * plain link cannot fetch it; the answer is saved through a temporary object URL under `nombre`.
 */
export async function descargar(path: string, nombre: string): Promise<void> {
  const token = session.get().token;
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', ERRORS.NETWORK_ERROR);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(res.status, 'DOWNLOAD', body?.error?.message ?? ERRORS.INVALID_RESPONSE);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const pdfDeFactura = (f: { id: string; numero: string }) =>
  descargar(API.facturaPdf(f.id), `factura-${f.numero}.pdf`);

export const csvDeMovimientos = (f: MovimientosFiltro) =>
  descargar(`${API.movimientos}?${qs({ ...f, page: undefined, formato: 'csv' })}`, 'movimientos.csv');
