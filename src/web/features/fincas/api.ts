import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Evidencia, Finca, FincaInput, ImportResult } from '../../../contract/fincas';
import type { EvidenciaTipo } from '../../../contract/parcelas-codes';
import type { EudrLote } from '../../../contract/eudr';
import type { ClientConfigResponse } from '../../../contract/health';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';

/** Member farms (issue 13): the producer's own list and writes, and the public reading for lots and profiles. */
export const fincasKeys = {
  all: ['fincas'] as const,
  mias: ['fincas', 'mias'] as const,
  lote: (id: string) => ['fincas', 'lote', id] as const,
  productor: (id: string) => ['fincas', 'productor', id] as const,
};

type Msg<T> = { data: T; message: string };
type EvidenciaInput = { tipo: EvidenciaTipo; descripcion: string; documento: string };

export const useMisFincas = () =>
  useQuery({
    queryKey: fincasKeys.mias,
    queryFn: ({ signal }) => api<{ data: { fincas: Finca[] } }>(API.misFincas, { signal }).then((r) => r.data.fincas),
  });

export const useFincasDeLote = (loteId: string) =>
  useQuery({
    queryKey: fincasKeys.lote(loteId),
    queryFn: ({ signal }) =>
      api<{ data: { fincas: Finca[] } }>(API.loteFincas(loteId), { signal }).then((r) => r.data.fincas),
    enabled: !!loteId,
  });

export const useFincasDeProductor = (id: string) =>
  useQuery({
    queryKey: fincasKeys.productor(id),
    queryFn: ({ signal }) =>
      api<{ data: { fincas: Finca[] } }>(API.productorFincas(id), { signal }).then((r) => r.data.fincas),
    enabled: !!id,
  });

export function useGuardarFinca() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FincaInput }) =>
      api<Msg<{ finca: Finca }>>(id ? API.miFinca(id) : API.misFincas, { method: id ? 'PUT' : 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

export function useEliminarFinca() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Msg<{ id: string }>>(API.miFinca(id), { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

export function useCrearFincaPropia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<Msg<{ finca: Finca }>>(API.fincaPropia, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

export function useSetLoteFincas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ loteId, fincaIds }: { loteId: string; fincaIds: string[] }) =>
      api<Msg<{ fincas: Finca[] }>>(API.loteFincas(loteId), { method: 'PUT', body: { fincaIds } }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

/** Sends a file of plots: the verdicts (confirmar false) or the creation of the valid ones (true). */
export function useImportarParcelas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ archivo, confirmar }: { archivo: File; confirmar: boolean }) => {
      const form = new FormData();
      form.append('file', archivo);
      return api<Msg<ImportResult>>(`${API.misFincas}/importar${confirmar ? '?confirmar=true' : ''}`, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: (r) => {
      if (r.data.creadas) void qc.invalidateQueries({ queryKey: fincasKeys.all });
    },
  });
}

/** The lot page's EUDR summary: ready or what it lacks, the period and the country's risk class. */
export const useEudrDeLote = (loteId: string) =>
  useQuery({
    queryKey: ['fincas', 'eudr', loteId] as const,
    queryFn: ({ signal }) =>
      api<{ data: { eudr: EudrLote } }>(`/api/lotes/${loteId}/eudr`, { signal }).then((r) => r.data.eudr),
    enabled: !!loteId,
  });

/** The map's tile template and attribution (GET /api/config, the same cached answer the sign-in page reads). */
export const useMapaConfig = () =>
  useQuery({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => api<ClientConfigResponse>(API.config, { signal, auth: false }),
    staleTime: Infinity,
    select: (c) => c.mapa,
  });

/** A plot's evidence (private PDFs): the producer's own list, and attaching a document he uploaded. */
export const useEvidencias = (fincaId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['fincas', 'evidencias', fincaId] as const,
    queryFn: ({ signal }) =>
      api<{ data: { evidencias: Evidencia[] } }>(`/api/fincas/${fincaId}/evidencias`, { signal }).then(
        (r) => r.data.evidencias,
      ),
  });

export function useAdjuntarEvidencia(fincaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EvidenciaInput) =>
      api<Msg<{ evidencia: Evidencia }>>(`${API.miFinca(fincaId)}/evidencias`, { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['fincas', 'evidencias', fincaId] }),
  });
}
