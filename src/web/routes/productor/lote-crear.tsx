import { useNavigate } from 'react-router';
import { ERRORS } from '../../../contract/errors';
import { useCreateLote } from '../../features/lotes/api';
import { LoteForm } from '../../features/lotes/components/lote-form';
import { PRODUCTOR_BASE } from '../../features/lotes/components/own-lotes';
import { usePageMeta } from '../../lib/page-meta';
import { toast } from '../../lib/toast';

export function Component() {
  usePageMeta({ title: 'Crear lote' });
  const navigate = useNavigate();
  const create = useCreateLote();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">Crear lote</h1>
      <LoteForm
        submitLabel="Crear lote"
        errorText={ERRORS.LOTE_CREATE_ERROR}
        cancelHref={`${PRODUCTOR_BASE}/Lotes`}
        onSubmit={async (body) => {
          const res = await create.mutateAsync(body);
          if (res.message) toast.success(res.message);
        }}
        onSaved={() => navigate(`${PRODUCTOR_BASE}/Lotes`)}
      />
    </>
  );
}
