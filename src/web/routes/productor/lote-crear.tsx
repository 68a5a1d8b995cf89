import { useNavigate } from 'react-router';
import { ERRORS } from '../../../contract/errors';
import { useCreateLote } from '../../features/lotes/api';
import { LoteForm } from '../../features/lotes/components/lote-form';
import { PRODUCTOR_BASE } from '../../features/lotes/components/own-lotes';
import { usePageMeta } from '../../lib/page-meta';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { perfilModal } from '../../lib/perfil-modal';
import { useState } from 'react';
import { LoteFincasChooser } from '../../features/fincas/lote-fincas';
import { useSetLoteFincas } from '../../features/fincas/api';

export function Component() {
  usePageMeta({ title: 'Crear lote' });
  const navigate = useNavigate();
  const create = useCreateLote();
  const { user } = useSession();
  const [fincaIds, setFincaIds] = useState<string[]>([]);
  const setFincas = useSetLoteFincas();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Crear lote</h1>
      {/* Said before the form is filled in: the server refuses a lot from a producer without a profile. */}
      {user && !user.perfilBase && (
        <div
          role="note"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{ERRORS.PROFILE_REQUIRED} Sin perfil no podrás publicar el lote.</p>
          <button type="button" className="btn-primary" onClick={perfilModal.open}>
            Completar perfil
          </button>
        </div>
      )}
      {user?.perfilBase && (
        <div className="mb-4">
          <LoteFincasChooser value={fincaIds} onChange={setFincaIds} />
        </div>
      )}
      <LoteForm
        submitLabel="Crear lote"
        errorText={ERRORS.LOTE_CREATE_ERROR}
        cancelHref={`${PRODUCTOR_BASE}/Lotes`}
        onSubmit={async (body) => {
          const res = await create.mutateAsync(body);
          if (fincaIds.length) await setFincas.mutateAsync({ loteId: res.data.lote.id, fincaIds });
          if (res.message) toast.success(res.message);
        }}
        onSaved={() => navigate(`${PRODUCTOR_BASE}/Lotes`)}
      />
    </>
  );
}
