import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { WithOwnPerfil, PerfilSubnav } from '../../features/productores/components/own-perfil';
import { ImageUpload } from '../../components/ui/image-upload';
import { ownPerfilKey, useUpdatePerfil, type OwnPerfil } from '../../features/productores/perfil-api';

const MAX_PHOTOS = 24;

function Gallery({ perfil, userId }: { perfil: OwnPerfil; userId: string }) {
  const saveMutation = useUpdatePerfil();
  const qc = useQueryClient();
  const photos = perfil.imagenes;

  // Every change is saved at once: the gallery on the public profile is what this page shows.
  const save = (imagenes: string[], ok: string) =>
    saveMutation.mutateAsync({ imagenes }).then(
      () => toast.success(ok),
      (err) => toast.error(errorMessage(err)),
    );
  const move = (i: number, d: -1 | 1) => {
    const next = [...photos];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    return save(next, 'Orden de las fotos guardado.');
  };

  return (
    <>
      <PerfilSubnav userId={userId} />
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Fotos</h1>
          <p className="mt-1 max-w-2xl text-gray-700 dark:text-gray-300">
            La finca, el beneficio, el secado, el equipo. La primera foto abre la galería de tu perfil. Hasta{' '}
            {MAX_PHOTOS} fotos JPEG, PNG o WebP de 10 MB como máximo.
          </p>
        </div>
        <ImageUpload
          label="Añadir fotos"
          multiple
          className="btn-primary"
          disabled={photos.length >= MAX_PHOTOS || saveMutation.isPending}
          onUploaded={async (r) => {
            // Several files upload one after another: each adds to the list as last saved, not as first rendered.
            const current = qc.getQueryData<OwnPerfil>(ownPerfilKey)?.imagenes ?? photos;
            if (current.length >= MAX_PHOTOS) return;
            await save([...current, r.url], 'Foto añadida.');
          }}
        />
      </div>
      {photos.length === 0 ? (
        <p className="card p-8 text-center text-gray-700 dark:text-gray-300">Todavía no has subido fotos.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {photos.map((src, i) => (
            <li key={src} className="card overflow-hidden">
              <img
                src={src}
                alt={`Foto ${i + 1} de ${photos.length}`}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex items-center gap-1 p-2">
                <span className="mr-auto pl-2 text-sm text-gray-700 dark:text-gray-300">
                  {i === 0 ? 'Portada de la galería' : `Foto ${i + 1}`}
                </span>
                <button
                  type="button"
                  className="btn-ghost px-2"
                  aria-label={`Mover la foto ${i + 1} antes`}
                  disabled={i === 0 || saveMutation.isPending}
                  onClick={() => move(i, -1)}
                >
                  <ArrowLeft aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2"
                  aria-label={`Mover la foto ${i + 1} después`}
                  disabled={i === photos.length - 1 || saveMutation.isPending}
                  onClick={() => move(i, 1)}
                >
                  <ArrowRight aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2 text-red-700 dark:text-red-400"
                  aria-label={`Quitar la foto ${i + 1}`}
                  disabled={saveMutation.isPending}
                  onClick={() =>
                    save(
                      photos.filter((_, j) => j !== i),
                      'Foto quitada.',
                    )
                  }
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function Component() {
  usePageMeta({ title: 'Fotos del perfil' });
  return <WithOwnPerfil>{(perfil, userId) => <Gallery perfil={perfil} userId={userId} />}</WithOwnPerfil>;
}
