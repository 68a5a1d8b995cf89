import { useRef, useState } from 'react';
import { Eye, EyeOff, ImageOff, Pencil, Plus, Send, Save, Trash2 } from 'lucide-react';
import { NOTICIA_LIMITS, NoticiaInputSchema, type Noticia } from '../../../../contract/noticias';
import { ApiError, errorMessage } from '../../../lib/api';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { PageLoading } from '../../../components/ui/spinner';
import { MarkdownEditor } from '../../../components/ui/markdown-editor';
import { ImageUpload } from '../../../components/ui/image-upload';
import { useUpdateNoticia, useCreateNoticia, useDeleteNoticia, useOwnNoticias } from '../api';

interface Draft {
  titulo: string;
  cuerpo: string;
  imagen: string;
}

type DraftErrors = Partial<Record<keyof Draft, string>>;
/** The fields with a box of their own, in the form's order (the image has its upload button, not a box). */
const CAMPOS_NOTICIA = ['titulo', 'cuerpo'] as const;

/** The form for a new or existing news item: save as draft, or save and publish. */
function NoticiaForm({ noticia, onDone }: { noticia?: Noticia; onDone: () => void }) {
  const [v, setV] = useState<Draft>({
    titulo: noticia?.titulo ?? '',
    cuerpo: noticia?.cuerpo ?? '',
    imagen: noticia?.imagen ?? '',
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useCreateNoticia();
  const update = useUpdateNoticia();
  const busy = create.isPending || update.isPending;
  const form = useRef<HTMLFormElement>(null);
  // Refusals beside their fields, and the focus on the first (the text's box by its name: its id is generated).
  const mostrar = (found: DraftErrors) => {
    setErrors(found);
    const first = CAMPOS_NOTICIA.find((k) => found[k]);
    if (!first) return;
    setTimeout(
      () =>
        form.current?.querySelector<HTMLElement>(first === 'titulo' ? '#noticia-titulo' : `[name="${first}"]`)?.focus(),
      0,
    );
  };

  function submit(publicada: boolean) {
    const parsed = NoticiaInputSchema.safeParse({ ...v, publicada });
    if (!parsed.success) {
      const e: DraftErrors = {};
      for (const issue of parsed.error.issues) e[issue.path[0] as keyof Draft] ??= issue.message;
      mostrar(e);
      return;
    }
    setErrors({});
    const onError = (err: unknown) => {
      // The server's refusal is named beside its field, which gets the focus (issue 32); otherwise its message.
      const campos = err instanceof ApiError && err.fields ? (err.fields as DraftErrors) : {};
      if (campos.titulo || campos.cuerpo || campos.imagen) mostrar(campos);
      else toast.error(errorMessage(err));
    };
    if (noticia) update.mutate({ id: noticia.id, patch: parsed.data }, { onSuccess: onDone, onError });
    else create.mutate(parsed.data, { onSuccess: onDone, onError });
  }

  return (
    <form
      ref={form}
      className="card flex flex-col gap-4 p-5 sm:p-6"
      aria-label={noticia ? 'Editar noticia' : 'Nueva noticia'}
      onSubmit={(e) => {
        e.preventDefault();
        submit(noticia?.publicada ?? false);
      }}
      noValidate
    >
      <h2 className="text-xl font-semibold">{noticia ? 'Editar noticia' : 'Nueva noticia'}</h2>
      <div>
        <div className="mb-1 flex items-baseline gap-1">
          <label htmlFor="noticia-titulo" className="text-sm font-medium text-gray-800 dark:text-gray-200">
            Título
          </label>
          <span aria-hidden className="text-sm text-red-700 dark:text-red-400">
            *
          </span>
        </div>
        <input
          id="noticia-titulo"
          className="input"
          value={v.titulo}
          maxLength={NOTICIA_LIMITS.tituloMax + 20}
          onChange={(e) => setV({ ...v, titulo: e.target.value })}
          aria-required
          aria-invalid={!!errors.titulo}
          aria-describedby={errors.titulo ? 'noticia-titulo-error' : undefined}
        />
        {errors.titulo && (
          <p id="noticia-titulo-error" className="field-error">
            {errors.titulo}
          </p>
        )}
      </div>
      <MarkdownEditor
        label="Texto"
        name="cuerpo"
        value={v.cuerpo}
        onChange={(cuerpo) => setV({ ...v, cuerpo })}
        maxLength={NOTICIA_LIMITS.cuerpoMax}
        error={errors.cuerpo}
        rows={10}
        required
      />
      <div>
        <p className="label">Imagen (opcional)</p>
        <div className="flex flex-wrap items-center gap-3">
          {v.imagen ? (
            <img
              src={v.imagen}
              alt="Imagen de la noticia"
              width={160}
              height={84}
              className="h-21 w-40 rounded-lg object-cover"
            />
          ) : (
            <span className="flex h-21 w-40 items-center justify-center rounded-lg bg-gray-100 text-gray-500 dark:bg-gray-800">
              <ImageOff aria-hidden className="size-6" />
            </span>
          )}
          <ImageUpload
            label={v.imagen ? 'Cambiar imagen' : 'Subir imagen'}
            onUploaded={(r) => setV((s) => ({ ...s, imagen: r.urls.lg }))}
          />
          {v.imagen && (
            <button type="button" className="btn-ghost" onClick={() => setV({ ...v, imagen: '' })}>
              Quitar imagen
            </button>
          )}
        </div>
        {errors.imagen && <p className="field-error">{errors.imagen}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {noticia?.publicada ? (
          <button type="submit" className="btn-primary" disabled={busy}>
            <Save aria-hidden className="size-4" /> Guardar cambios
          </button>
        ) : (
          <>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => submit(true)}>
              <Send aria-hidden className="size-4" /> Publicar
            </button>
            <button type="submit" className="btn-secondary" disabled={busy}>
              <Save aria-hidden className="size-4" /> Guardar borrador
            </button>
          </>
        )}
        <button type="button" className="btn-ghost" onClick={onDone} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

function PublicationState({ publicada }: { publicada: boolean }) {
  return publicada ? (
    <span className="rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/60 dark:text-primary-100">
      Publicada
    </span>
  ) : (
    <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-800 dark:text-gray-200">
      Borrador
    </span>
  );
}

/** The producer's news: write, edit, publish, withdraw and delete. */
export function NoticiasEditor() {
  const { data, error, isPending, refetch } = useOwnNoticias();
  const [editing, setEditing] = useState<string | 'nueva' | null>(null);
  const [toDelete, setToDelete] = useState<Noticia | null>(null);
  const updateMutation = useUpdateNoticia();
  const remove = useDeleteNoticia();

  if (error) return <ErrorRetry message={errorMessage(error)} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <PageLoading />;

  return (
    <div className="flex flex-col gap-4">
      {editing === 'nueva' ? (
        <NoticiaForm onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="btn-primary self-start" onClick={() => setEditing('nueva')}>
          <Plus aria-hidden className="size-4" /> Escribir una noticia
        </button>
      )}
      {data.length === 0 && editing !== 'nueva' && (
        <p className="card p-8 text-center text-gray-700 dark:text-gray-300">
          Todavía no has escrito noticias. Cuenta cómo va la cosecha, un proceso nuevo o la visita de un comprador.
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {data.map((n) =>
          editing === n.id ? (
            <li key={n.id}>
              <NoticiaForm noticia={n} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={n.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <PublicationState publicada={n.publicada} />
                  <time dateTime={n.fecha} className="text-sm text-gray-600 dark:text-gray-400">
                    {formatDate(n.fecha)}
                  </time>
                </div>
                <h3 className="mt-1 font-semibold break-words">{n.titulo}</h3>
              </div>
              <div className="flex flex-wrap gap-1">
                <button type="button" className="btn-ghost px-3" onClick={() => setEditing(n.id)}>
                  <Pencil aria-hidden className="size-4" /> Editar<span className="sr-only">: {n.titulo}</span>
                </button>
                <button
                  type="button"
                  className="btn-ghost px-3"
                  disabled={updateMutation.isPending}
                  onClick={() =>
                    updateMutation.mutate(
                      { id: n.id, patch: { publicada: !n.publicada } },
                      { onError: (e) => toast.error(errorMessage(e)) },
                    )
                  }
                >
                  {n.publicada ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
                  {n.publicada ? 'Retirar' : 'Publicar'}
                  <span className="sr-only">: {n.titulo}</span>
                </button>
                <button
                  type="button"
                  className="btn-ghost px-3 text-red-700 dark:text-red-400"
                  onClick={() => setToDelete(n)}
                >
                  <Trash2 aria-hidden className="size-4" /> Eliminar<span className="sr-only">: {n.titulo}</span>
                </button>
              </div>
            </li>
          ),
        )}
      </ul>
      <Modal open={!!toDelete} onClose={() => setToDelete(null)} title="¿Eliminar la noticia?">
        <p className="text-gray-700 dark:text-gray-300">
          «{toDelete?.titulo}» se eliminará de tu perfil de forma definitiva.
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setToDelete(null)}>
            Cancelar
          </button>
          <button
            type="button"
            className="btn-danger"
            disabled={remove.isPending}
            onClick={() =>
              toDelete &&
              remove.mutate(toDelete.id, {
                onSuccess: () => setToDelete(null),
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            Eliminar
          </button>
        </div>
      </Modal>
    </div>
  );
}
