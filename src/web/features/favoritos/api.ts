import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../../contract/endpoint';
import { FAVORITOS_API } from '../../../contract/favoritos-endpoints';
import type { FavoritoEnLista, LoteTarjeta } from '../../../contract/lotes';
import { call, errorMessage } from '../../lib/api';
import { rolOf, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

export const favoritosKey = ['favoritos'] as const;

export const favoritosQuery = () =>
  queryOptions({
    queryKey: favoritosKey,
    queryFn: ({ signal }): Promise<FavoritoEnLista[]> =>
      call(FAVORITOS_API.listar, { signal }).then((r) => r.data.favoritos),
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
    }): Promise<AnswerOf<typeof FAVORITOS_API.guardar> | AnswerOf<typeof FAVORITOS_API.quitar>> =>
      add
        ? call(FAVORITOS_API.guardar, { body: { loteId: lote.id } })
        : call(FAVORITOS_API.quitar, { params: { loteId: lote.id } }),
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
