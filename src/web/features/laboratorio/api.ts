import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BandejaLaboratorio,
  CataLaboratorioResponseSchema,
  CataPublicaResponseSchema,
  LoteAccion,
  LoteLaboratorioDetalleResponseSchema,
  LoteLaboratorioResponseSchema,
  LotesLaboratorioResponseSchema,
} from '../../../contract/laboratorio';
import type { HojaCata } from '../../../contract/muestras';
import { API } from '../../../contract/paths';
import { api, type Answer } from '../../lib/api';

/** Cereza's quality lab (TRADE.md "The quality lab"): the lab's queue and moves, the producer's ENVIAR. */

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
      return api<Answer<typeof LotesLaboratorioResponseSchema>>(`${API.laboratorioLotes}?${qs}`, { signal }).then(
        (r) => r.data,
      );
    },
  });

export const useLotesLaboratorio = (bandeja: BandejaLaboratorio, page: number) =>
  useQuery({ ...lotesLaboratorioQuery(bandeja, page), placeholderData: keepPreviousData });

export const useLoteLaboratorio = (id: string | null) =>
  useQuery({
    queryKey: laboratorioKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api<Answer<typeof LoteLaboratorioDetalleResponseSchema>>(API.laboratorioLote(id!), { signal }).then(
        (r) => r.data,
      ),
    enabled: !!id,
  });

export function useMoveLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LoteAccion }) =>
      api<Answer<typeof LoteLaboratorioResponseSchema>>(API.laboratorioAcciones(id), { method: 'POST', body }),
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
      api<Answer<typeof CataLaboratorioResponseSchema>>(API.laboratorioCata(id), {
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
      api<Answer<typeof CataPublicaResponseSchema>>(API.cataLaboratorio(loteId), { signal }).then((r) => r.data.cata),
    enabled,
  });
