import { useState } from 'react';
import { Save } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage, ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { WithOwnPerfil, PerfilSubnav } from '../../features/productores/components/own-perfil';
import { MarkdownEditor } from '../../components/ui/markdown-editor';
import { useUpdatePerfil, type OwnPerfil } from '../../features/productores/perfil-api';

const MAX = 4000;

function EditHistoria({ perfil, userId }: { perfil: OwnPerfil; userId: string }) {
  const [text, setText] = useState(perfil.descripcion ?? '');
  const [error, setError] = useState<string>();
  const save = useUpdatePerfil();
  const changed = text !== (perfil.descripcion ?? '');

  return (
    <>
      <PerfilSubnav userId={userId} />
      <h1 className="text-2xl font-semibold">Tu historia</h1>
      <p className="mt-1 mb-5 max-w-3xl text-gray-700 dark:text-gray-300">
        Cuenta a los compradores quiénes sois, cómo cultiváis y procesáis el café y qué hace especial a vuestra finca.
        Se muestra en tu perfil público.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.length > MAX) {
            setError(`Máximo ${MAX} caracteres.`);
            return;
          }
          setError(undefined);
          save.mutate(
            { descripcion: text.trim() ? text : null },
            {
              onSuccess: (r) => toast.success(r.message),
              onError: (err) => {
                if (err instanceof ApiError && err.fields?.descripcion) setError(err.fields.descripcion);
                else toast.error(errorMessage(err));
              },
            },
          );
        }}
      >
        <MarkdownEditor
          label="Historia (Markdown)"
          name="descripcion"
          value={text}
          onChange={setText}
          maxLength={MAX}
          error={error}
        />
        <button type="submit" className="btn-primary mt-4" disabled={save.isPending || !changed}>
          <Save aria-hidden className="size-4" /> {save.isPending ? 'Guardando…' : 'Guardar historia'}
        </button>
      </form>
    </>
  );
}

export function Component() {
  usePageMeta({ title: 'Historia del perfil' });
  return <WithOwnPerfil>{(perfil, userId) => <EditHistoria perfil={perfil} userId={userId} />}</WithOwnPerfil>;
}
