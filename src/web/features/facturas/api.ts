import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnswerOf } from '../../../contract/endpoint';
import { FACTURAS_API } from '../../../contract/facturas-endpoints';
import { call } from '../../lib/api';
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
  useQuery<AnswerOf<typeof FACTURAS_API.listar>['data']>({
    queryKey: facturasKeys.list(f),
    queryFn: ({ signal }) => call(FACTURAS_API.listar, { query: f, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useMovimientos = (f: MovimientosFiltro) =>
  useQuery<AnswerOf<typeof FACTURAS_API.movimientos>['data']>({
    queryKey: facturasKeys.movimientos(f),
    queryFn: ({ signal }) => call(FACTURAS_API.movimientos, { query: f, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useClientes = (q: string, orden: string, dir: string) =>
  useQuery<AnswerOf<typeof FACTURAS_API.clientes>['data']>({
    queryKey: facturasKeys.clientes(q, orden, dir),
    queryFn: ({ signal }) => call(FACTURAS_API.clientes, { query: { q, orden, dir }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });

export const useCliente = (id: string) =>
  useQuery<AnswerOf<typeof FACTURAS_API.cliente>['data']>({
    queryKey: facturasKeys.cliente(id),
    queryFn: ({ signal }) => call(FACTURAS_API.cliente, { params: { id }, signal }).then((r) => r.data),
  });

export const csvDeMovimientos = (f: MovimientosFiltro) =>
  download(`${FACTURAS_API.movimientos.path}?${qs({ ...f, page: undefined, formato: 'csv' })}`, 'movimientos.csv');
