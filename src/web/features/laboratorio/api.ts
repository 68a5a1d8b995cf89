import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BandejaLaboratorio, LoteAccion } from '../../../contract/laboratorio';
import { LABORATORIO_API } from '../../../contract/laboratorio-endpoints';
import type { HojaCata } from '../../../contract/muestras';
import { call } from '../../lib/api';

/** Cereza's quality lab (TRADE.md "The quality lab"): the lab's queue and moves, the producer's ENVIAR. */

export const laboratorioKeys = {
  all: ['laboratorio'] as const,
  list: (bandeja: BandejaLaboratorio, page: number) => ['laboratorio', 'list', { bandeja, page }] as const,
  detail: (id: string) => ['laboratorio', 'detail', id] as const,
};

const lotesLaboratorioQuery = (bandeja: BandejaLaboratorio, page: number) =>
  queryOptions({
    queryKey: laboratorioKeys.list(bandeja, page),
    queryFn: ({ signal }) =>
      call(LABORATORIO_API.lotes, { query: { bandeja, page: String(page) }, signal }).then((r) => r.data),
  });

export const useLotesLaboratorio = (bandeja: BandejaLaboratorio, page: number) =>
  useQuery({ ...lotesLaboratorioQuery(bandeja, page), placeholderData: keepPreviousData });

export const useLoteLaboratorio = (id: string | null) =>
  useQuery({
    queryKey: laboratorioKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(LABORATORIO_API.lote, { params: { id: id! }, signal }).then((r) => r.data),
    enabled: !!id,
  });

export function useMoveLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LoteAccion }) =>
      call(LABORATORIO_API.mover, { params: { id }, body }),
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
      call(LABORATORIO_API.catar, { params: { id }, body: hoja }),
    onSettled: () => qc.invalidateQueries({ queryKey: laboratorioKeys.all }),
  });
}

/** The lab's sheet of a verified lot, for the public lot page. */
export const useCataPublica = (loteId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['laboratorio', 'publica', loteId],
    queryFn: ({ signal }) =>
      call(LABORATORIO_API.cataPublica, { params: { id: loteId }, signal }).then((r) => r.data.cata),
    enabled,
  });
