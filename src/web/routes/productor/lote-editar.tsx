import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ERRORS } from '../../../contract/errors';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/ui/spinner';
import { useLote, useUpdateLote } from '../../features/lotes/api';
import { LoteForm } from '../../features/lotes/components/lote-form';
import { PRODUCTOR_BASE } from '../../features/lotes/components/own-lotes';
import { CatasRecibidasView } from '../../features/muestras/muestras-productor';
import { ApiError, errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { LoteFincasChooser } from '../../features/fincas/lote-fincas';
import { useFincasDeLote, useSetLoteFincas } from '../../features/fincas/api';

export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: lote, isPending, error, refetch } = useLote(id);
  const update = useUpdateLote(id);
  // The lot's farms are saved with the rest of the lot, by its one button (issue 32: a second button saved only
  // them, and leaving by it lost the lot's other edits). Untouched, they are not sent.
  const { data: actuales } = useFincasDeLote(id);
  const [fincaIds, setFincaIds] = useState<string[] | null>(null);
  const setFincas = useSetLoteFincas();
  usePageMeta({ title: lote ? `Editar ${lote.nombre}` : 'Editar lote' });

  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error) return <ErrorRetry message={errorMessage(error)} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <PageLoading />;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Editar lote</h1>
      <LoteForm
        key={lote.id}
        lote={lote}
        submitLabel="Guardar cambios"
        errorText={ERRORS.LOTE_UPDATE_ERROR}
        cancelHref={`${PRODUCTOR_BASE}/Lotes`}
        onSubmit={async (body) => {
          const res = await update.mutateAsync(body);
          if (fincaIds) await setFincas.mutateAsync({ loteId: lote.id, fincaIds });
          if (res.message) toast.success(res.message);
        }}
        onSaved={() => navigate(`${PRODUCTOR_BASE}/Lotes`)}
        origenExtra={<LoteFincasChooser value={fincaIds ?? actuales?.map((f) => f.id) ?? []} onChange={setFincaIds} />}
      />
      {/* What buyers found when they cupped this lot's samples (docs/product.md §10, docs/decisions/019). */}
      <div className="mt-8">
        <CatasRecibidasView loteId={lote.id} />
      </div>
    </>
  );
}
