import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Eye, EyeOff, ImageOff, Pencil, Plus, Send, Save, Trash2 } from 'lucide-react';
import { NOTICIA_LIMITS, NoticiaInputSchema, type Noticia, type NoticiaInput } from '../../../../contract/noticias';
import { errorMessage } from '../../../lib/api';
import { FieldError, fieldProps } from '../../../components/ui/field';
import { showFieldErrors } from '../../../lib/form-errors';
import { formOf, type FormOf } from '../../../lib/form-schema';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { PageLoading } from '../../../components/ui/spinner';
import { MarkdownEditor } from '../../../components/ui/markdown-editor';
import { ImageUpload } from '../../../components/ui/image-upload';
import { useUpdateNoticia, useCreateNoticia, useDeleteNoticia, useOwnNoticias } from '../api';

/** The news item is the contract's NoticiaInputSchema (web/lib/form-schema): its parsing and Spanish messages. */
const noticiaForm = formOf(NoticiaInputSchema);
const resolver = noticiaForm.resolver;
type Values = FormOf<NoticiaInput>;

/** The form for a new or existing news item: save as draft, or save and publish. */
function NoticiaForm({ noticia, onDone }: { noticia?: Noticia; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, NoticiaInput>({
    defaultValues: noticiaForm.defaults(
      noticia && {
        titulo: noticia.titulo,
        cuerpo: noticia.cuerpo,
        imagen: noticia.imagen,
        publicada: noticia.publicada,
      },
    ),
    resolver,
  });
  const create = useCreateNoticia();
  const update = useUpdateNoticia();
  const busy = create.isPending || update.isPending;
  const imagen = watch('imagen');

  // Refusals (the contract's or the server's) beside their fields, and the focus on the first (issue 32).
  const submit = (publicada: boolean) => {
    setValue('publicada', publicada);
    void handleSubmit((body) => {
      const onError = (err: unknown) => {
        if (!showFieldErrors(err, noticiaForm.paths, setError)) toast.error(errorMessage(err));
      };
      if (noticia) update.mutate({ id: noticia.id, patch: body }, { onSuccess: onDone, onError });
      else create.mutate(body, { onSuccess: onDone, onError });
    })();
  };

  return (
    <form
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
          className="input"
          maxLength={NOTICIA_LIMITS.tituloMax + 20}
          aria-required
          {...fieldProps('noticia-titulo', errors.titulo?.message)}
          {...register('titulo')}
        />
        <FieldError id="noticia-titulo" error={errors.titulo?.message} />
      </div>
      <Controller
        control={control}
        name="cuerpo"
        render={({ field }) => (
          // The editor's box has a generated id: the form focuses it by its name when the text is refused.
          <div
            ref={(el) => field.ref(el && { focus: () => el.querySelector<HTMLElement>('[name="cuerpo"]')?.focus() })}
          >
            <MarkdownEditor
              label="Texto"
              name="cuerpo"
              value={field.value}
              onChange={field.onChange}
              maxLength={NOTICIA_LIMITS.cuerpoMax}
              error={errors.cuerpo?.message}
              rows={10}
              required
            />
          </div>
        )}
      />
      <div>
        <p className="label">Imagen (opcional)</p>
        <div className="flex flex-wrap items-center gap-3">
          {imagen ? (
            <img
              src={imagen}
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
            label={imagen ? 'Cambiar imagen' : 'Subir imagen'}
            onUploaded={(r) => setValue('imagen', r.urls.lg)}
          />
          {imagen && (
            <button type="button" className="btn-ghost" onClick={() => setValue('imagen', '')}>
              Quitar imagen
            </button>
          )}
        </div>
        {errors.imagen && <p className="field-error">{errors.imagen.message}</p>}
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
