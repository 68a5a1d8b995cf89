import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FavoritoRemovedResponse,
  FavoritoResponse,
  FavoritoEnLista,
  FavoritosResponse,
  LoteTarjeta,
} from '../../../contract/lotes';
import { API } from '../../../contract/paths';
import { api, errorMessage } from '../../lib/api';
import { rolOf, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

export const favoritosKey = ['favoritos'] as const;

export const favoritosQuery = () =>
  queryOptions({
    queryKey: favoritosKey,
    queryFn: ({ signal }): Promise<FavoritoEnLista[]> =>
      api<FavoritosResponse>(API.favoritos, { signal }).then((r) => r.data.favoritos),
  });

/** The buyer's favourites; nothing is asked for visitors or producers (they have none). */
export function useFavoritos() {
  const { user, token } = useSession();
  const enabled = !!token && rolOf(user) === 'comprador';
  return useQuery({ ...favoritosQuery(), enabled });
}

export function useIsFavorito(loteId: string): boolean {
  const { data } = useFavoritos();
  return !!data?.some((f) => f.lote.id === loteId);
}

/**
 * Adds or removes a favourite at once (the heart fills immediately) and puts the list back if the server
 * refuses. Both calls are idempotent on the server, so a double click cannot leave a wrong state.
 */
export function useToggleFavorito() {
  const qc = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({
      lote,
      add,
    }: {
      lote: LoteTarjeta;
      add: boolean;
    }): Promise<FavoritoResponse | FavoritoRemovedResponse> =>
      add
        ? api<FavoritoResponse>(API.favoritos, { method: 'POST', body: { loteId: lote.id } })
        : api<FavoritoRemovedResponse>(API.favorito(lote.id), { method: 'DELETE' }),
    onMutate: async ({ lote, add }) => {
      await qc.cancelQueries({ queryKey: favoritosKey });
      const previous = qc.getQueryData<FavoritoEnLista[]>(favoritosKey);
      qc.setQueryData<FavoritoEnLista[]>(favoritosKey, (old = []) =>
        add
          ? old.some((f) => f.lote.id === lote.id)
            ? old
            : [
                { _id: `pendiente-${lote.id}`, userID: user?.id ?? '', lote, createdAt: new Date().toISOString() },
                ...old,
              ]
          : old.filter((f) => f.lote.id !== lote.id),
      );
      return { previous };
    },
    onError: (err, _vars, ctx) => {
      qc.setQueryData(favoritosKey, ctx?.previous);
      toast.error(errorMessage(err, 'No se pudo actualizar tus favoritos.'));
    },
    onSuccess: (res) => {
      if (res?.message) toast.success(res.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: favoritosKey }),
  });
}
