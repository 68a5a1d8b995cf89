import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Save } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta';
import { toast } from '../../lib/toast';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { WithOwnPerfil, PerfilSubnav } from '../../features/productores/components/own-perfil';
import { MarkdownEditor } from '../../components/ui/markdown-editor';
import { FormAlert } from '../../components/ui/field';
import { useUpdatePerfil, type OwnPerfil } from '../../features/productores/perfil-api';
import { PERFIL_LIMITS, ProductorPerfilInputSchema } from '../../../contract/perfiles';

/** The story is the profile's `descripcion`, saved alone: the contract's field, its limit and its message. */
const HistoriaSchema = ProductorPerfilInputSchema.pick({ descripcion: true });
const historiaForm = formOf(HistoriaSchema);
type Historia = z.output<typeof HistoriaSchema>;

function EditHistoria({ perfil, userId }: { perfil: OwnPerfil; userId: string }) {
  const form = useForm<FormOf<Historia>, unknown, Historia>({
    defaultValues: historiaForm.defaults({ descripcion: perfil.descripcion }),
    resolver: historiaForm.resolver,
  });
  const save = useUpdatePerfil();
  const { submit, alert } = useFormSubmit(form, historiaForm.paths, async (body) =>
    toast.success((await save.mutateAsync(body)).message),
  );
  const text = useWatch({ control: form.control, name: 'descripcion' });
  const changed = text !== (perfil.descripcion ?? '');

  return (
    <>
      <PerfilSubnav userId={userId} />
      <h1 className="text-2xl font-semibold">Tu historia</h1>
      <p className="mt-1 mb-5 max-w-3xl text-gray-700 dark:text-gray-300">
        Cuenta a los compradores quién está detrás de tu café, cómo lo cultivas y lo procesas y qué hace especial a tu
        finca. Se muestra en tu perfil público.
      </p>
      <form onSubmit={submit} noValidate>
        <Controller
          control={form.control}
          name="descripcion"
          render={({ field }) => (
            // The editor's box has a generated id: the form focuses it by its name when the text is refused.
            <div
              ref={(el) =>
                field.ref(el && { focus: () => el.querySelector<HTMLElement>('[name="descripcion"]')?.focus() })
              }
            >
              <MarkdownEditor
                label="Historia (Markdown)"
                name="descripcion"
                value={field.value}
                onChange={field.onChange}
                maxLength={PERFIL_LIMITS.descripcion}
                error={form.formState.errors.descripcion?.message}
              />
            </div>
          )}
        />
        <FormAlert message={alert} />
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
