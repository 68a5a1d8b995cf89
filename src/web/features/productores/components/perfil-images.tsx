import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { COVER_MIN, IMAGE_MESSAGES, isCoverTooSmall } from '../../../../contract/images';
import type { UploadResult } from '../../../../contract/lotes';
import type { ProductorPerfilUpdate } from '../../../../contract/perfiles';
import { Avatar } from '../../../components/ui/avatar';
import { ImageUpload } from '../../../components/ui/image-upload';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUpdatePerfil, type OwnPerfil } from '../perfil-api';

/** A refusal as the person should read it: the field's own message when the server gave one. */
const fieldMessage = (err: unknown, field: 'portada' | 'avatar') =>
  err instanceof ApiError ? new ApiError(err.status, err.code, err.fields?.[field] ?? err.message) : err;

/**
 * The cover and the logo. Like the gallery's photos, each is saved the moment it is uploaded or removed: no
 * image on the profile pages waits for a "Guardar" button (one rule for every image). A refused upload is said
 * below the cover, in the page's own colours: over the dark green cover, red text could not be read.
 */
export function PerfilImages({ perfil }: { perfil: OwnPerfil }) {
  const save = useUpdatePerfil();
  const [coverError, setCoverError] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);

  const store = async (patch: ProductorPerfilUpdate, field: 'portada' | 'avatar', ok: string) => {
    try {
      await save.mutateAsync(patch);
    } catch (err) {
      throw fieldMessage(err, field);
    }
    toast.success(ok);
  };
  const uploadCover = async (r: UploadResult) => {
    if (isCoverTooSmall(r)) throw new ApiError(400, 'VALIDATION_ERROR', IMAGE_MESSAGES.coverTooSmall(r));
    await store({ portada: r.urls.lg }, 'portada', 'Portada guardada.');
  };
  const remove = (field: 'portada' | 'avatar') => {
    const setError = field === 'portada' ? setCoverError : setAvatarError;
    setError(null);
    store(
      field === 'portada' ? { portada: null } : { avatar: null },
      field,
      field === 'portada' ? 'Portada quitada.' : 'Foto quitada.',
    ).catch((err) => setError(err instanceof Error ? err.message : null));
  };

  return (
    <section aria-labelledby="imagenes-perfil" className="card overflow-hidden">
      <h2 id="imagenes-perfil" className="sr-only">
        Portada y foto de perfil
      </h2>
      <div className="relative aspect-[3/1] bg-gradient-to-br from-primary-700 via-primary-800 to-gray-900 sm:aspect-[4/1]">
        {perfil.portada && <img src={perfil.portada} alt="Portada actual" className="size-full object-cover" />}
        <div className="absolute right-3 bottom-3 flex gap-2">
          <ImageUpload
            label={perfil.portada ? 'Cambiar portada' : 'Subir portada'}
            onUploaded={uploadCover}
            onError={setCoverError}
            disabled={save.isPending}
          />
          {perfil.portada && (
            <button
              type="button"
              className="btn-secondary"
              disabled={save.isPending}
              onClick={() => remove('portada')}
              aria-label="Quitar portada"
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          )}
        </div>
      </div>
      {coverError && (
        <p
          role="alert"
          className="mx-4 mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {coverError}
        </p>
      )}
      <p className="px-4 pt-3 text-xs text-gray-600 dark:text-gray-400">
        La portada se muestra a lo ancho de tu perfil: al menos {COVER_MIN.width} × {COVER_MIN.height} píxeles. Cada
        imagen se guarda en cuanto la subes.
      </p>
      <div id="foto-perfil" className="flex flex-wrap items-center gap-4 p-4">
        <Avatar src={perfil.avatar} name={perfil.nombre || 'Productor'} size={80} />
        <ImageUpload
          label={perfil.avatar ? 'Cambiar foto de perfil' : 'Subir foto de perfil o logotipo'}
          onUploaded={(r) => store({ avatar: r.urls.sm }, 'avatar', 'Foto de perfil guardada.')}
          onError={setAvatarError}
          disabled={save.isPending}
        />
        {perfil.avatar && (
          <button type="button" className="btn-ghost" disabled={save.isPending} onClick={() => remove('avatar')}>
            Quitar foto
          </button>
        )}
        {avatarError && (
          <p role="alert" className="field-error basis-full">
            {avatarError}
          </p>
        )}
      </div>
    </section>
  );
}
