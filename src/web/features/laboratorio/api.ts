import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '../../../contract/common';
import type { BandejaLaboratorio, EventoLote, LoteAccion, LoteLaboratorio } from '../../../contract/laboratorio';
import type { Cata, HojaCata } from '../../../contract/muestras';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';

/** Cereza's quality lab (TRADE.md "The quality lab"): the lab's queue and moves, the producer's ENVIAR. */

export interface LotesLaboratorioPage {
  lotes: LoteLaboratorio[];
  pagination: Pagination;
  pendientes: { POR_RECIBIR: number; EN_REVISION: number };
}
export interface LoteLaboratorioDetalle {
  lote: LoteLaboratorio;
  eventos: EventoLote[];
  cata: Cata | null;
}

export const laboratorioKeys = {
  all: ['laboratorio'] as const,
  list: (bandeja: BandejaLaboratorio, page: number) => ['laboratorio', 'list', { bandeja, page }] as const,
  detail: (id: string) => ['laboratorio', 'detail', id] as const,
};

const lotesLaboratorioQuery = (bandeja: BandejaLaboratorio, page: number) =>
  queryOptions({
    queryKey: laboratorioKeys.list(bandeja, page),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ bandeja, page: String(page) });
      return api<{ data: LotesLaboratorioPage }>(`${API.laboratorioLotes}?${qs}`, { signal }).then((r) => r.data);
    },
  });

export const useLotesLaboratorio = (bandeja: BandejaLaboratorio, page: number) =>
  useQuery({ ...lotesLaboratorioQuery(bandeja, page), placeholderData: keepPreviousData });

export const useLoteLaboratorio = (id: string | null) =>
  useQuery({
    queryKey: laboratorioKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api<{ data: LoteLaboratorioDetalle }>(API.laboratorioLote(id!), { signal }).then((r) => r.data),
    enabled: !!id,
  });

export function useMoverLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LoteAccion }) =>
      api<{ data: { lote: LoteLaboratorio }; message: string }>(API.laboratorioAcciones(id), { method: 'POST', body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: laboratorioKeys.all });
      // The producer's list and the lot's page show the new state (the lots feature's keys start with 'lotes').
      void qc.invalidateQueries({ queryKey: ['lotes'] });
    },
  });
}

export function useCatarLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hoja }: { id: string; hoja: HojaCata }) =>
      api<{ data: { cata: Cata; lote: LoteLaboratorio }; message: string }>(API.laboratorioCata(id), {
        method: 'POST',
        body: hoja,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: laboratorioKeys.all }),
  });
}

/** The lab's sheet of a verified lot, for the public lot page. */
export const useCataPublica = (loteId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['laboratorio', 'publica', loteId],
    queryFn: ({ signal }) =>
      api<{ data: { cata: Cata | null } }>(API.cataLaboratorio(loteId), { signal }).then((r) => r.data.cata),
    enabled,
  });
