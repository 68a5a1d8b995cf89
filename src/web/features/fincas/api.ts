import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../contract/endpoint';
import { EUDR_API } from '../../../contract/eudr-endpoints';
import type { FincaInput } from '../../../contract/fincas';
import { FINCAS_API } from '../../../contract/fincas-endpoints';
import { HEALTH_API } from '../../../contract/health-endpoints';
import { call } from '../../lib/api';

/** Member farms (issue 13): the producer's own list and writes, and the public reading for lots and profiles. */
export const fincasKeys = {
  all: ['fincas'] as const,
  mias: ['fincas', 'mias'] as const,
  lote: (id: string) => ['fincas', 'lote', id] as const,
  productor: (id: string) => ['fincas', 'productor', id] as const,
};

export const useMisFincas = () =>
  useQuery({
    queryKey: fincasKeys.mias,
    queryFn: ({ signal }) => call(FINCAS_API.mias, { signal }).then((r) => r.data.fincas),
  });

export const useFincasDeLote = (loteId: string) =>
  useQuery({
    queryKey: fincasKeys.lote(loteId),
    queryFn: ({ signal }) => call(FINCAS_API.deLote, { params: { id: loteId }, signal }).then((r) => r.data.fincas),
    enabled: !!loteId,
  });

export const useFincasDeProductor = (id: string) =>
  useQuery({
    queryKey: fincasKeys.productor(id),
    queryFn: ({ signal }) => call(FINCAS_API.deProductor, { params: { id }, signal }).then((r) => r.data.fincas),
    enabled: !!id,
  });

export function useSaveFinca() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FincaInput }) =>
      id ? call(FINCAS_API.actualizar, { params: { id }, body }) : call(FINCAS_API.crear, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

export function useDeleteFinca() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(FINCAS_API.eliminar, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

export function useCreateFincaPropia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(FINCAS_API.crearPropia),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

export function useSetLoteFincas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ loteId, fincaIds }: { loteId: string; fincaIds: string[] }) =>
      call(FINCAS_API.fijarDeLote, { params: { id: loteId }, body: { fincaIds } }),
    onSettled: () => qc.invalidateQueries({ queryKey: fincasKeys.all }),
  });
}

/** Sends a file of plots: the verdicts (confirmar false) or the creation of the valid ones (true). */
export function useImportParcelas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ archivo, confirmar }: { archivo: File; confirmar: boolean }) => {
      const form = new FormData();
      form.append('file', archivo);
      return call(FINCAS_API.importar, { query: { confirmar: confirmar ? 'true' : undefined }, body: form });
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
    queryFn: ({ signal }) => call(EUDR_API.deLote, { params: { id: loteId }, signal }).then((r) => r.data.eudr),
    enabled: !!loteId,
  });

/** The map's tile template and attribution (GET /api/config, the same cached answer the sign-in page reads). */
export const useMapaConfig = () =>
  useQuery({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => call(HEALTH_API.config, { signal, auth: false }),
    staleTime: Infinity,
    select: (c) => c.mapa,
  });

/** A plot's evidence (private PDFs): the producer's own list, and attaching a document he uploaded. */
export const useEvidencias = (fincaId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['fincas', 'evidencias', fincaId] as const,
    queryFn: ({ signal }) =>
      call(FINCAS_API.evidencias, { params: { id: fincaId }, signal }).then((r) => r.data.evidencias),
  });

export function useAttachEvidencia(fincaId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof FINCAS_API.adjuntarEvidencia>) =>
      call(FINCAS_API.adjuntarEvidencia, { params: { id: fincaId }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['fincas', 'evidencias', fincaId] }),
  });
}
