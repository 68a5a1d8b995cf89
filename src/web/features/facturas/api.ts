import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ClienteResponse,
  ClientesResponse,
  FacturasResponse,
  MovimientosResponse,
} from '../../../contract/facturas';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';
import { download } from '../../lib/download';

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

export const csvDeMovimientos = (f: MovimientosFiltro) =>
  download(`${API.movimientos}?${qs({ ...f, page: undefined, formato: 'csv' })}`, 'movimientos.csv');
