import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConMiPerfil, PerfilSubnav } from '../../features/productores/components/mi-perfil';
import { SubirImagen } from '../../components/ui/subir-imagen';
import { miPerfilKey, useActualizarPerfil, type MiPerfil } from '../../features/productores/perfil-api';

const MAX_FOTOS = 24;

function Galeria({ perfil, userId }: { perfil: MiPerfil; userId: string }) {
  const guardar = useActualizarPerfil();
  const qc = useQueryClient();
  const fotos = perfil.imagenes;

  // Every change is saved at once: the gallery on the public profile is what this page shows.
  const save = (imagenes: string[], ok: string) =>
    guardar.mutateAsync({ imagenes }).then(
      () => toast.success(ok),
      (err) => toast.error(errorMessage(err)),
    );
  const mover = (i: number, d: -1 | 1) => {
    const next = [...fotos];
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
            {MAX_FOTOS} fotos JPEG, PNG o WebP de 10 MB como máximo.
          </p>
        </div>
        <SubirImagen
          label="Añadir fotos"
          multiple
          className="btn-primary"
          disabled={fotos.length >= MAX_FOTOS || guardar.isPending}
          onUploaded={async (r) => {
            // Several files upload one after another: each adds to the list as last saved, not as first rendered.
            const actual = qc.getQueryData<MiPerfil>(miPerfilKey)?.imagenes ?? fotos;
            if (actual.length >= MAX_FOTOS) return;
            await save([...actual, r.url], 'Foto añadida.');
          }}
        />
      </div>
      {fotos.length === 0 ? (
        <p className="card p-8 text-center text-gray-700 dark:text-gray-300">Todavía no has subido fotos.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
          {fotos.map((src, i) => (
            <li key={src} className="card overflow-hidden">
              <img
                src={src}
                alt={`Foto ${i + 1} de ${fotos.length}`}
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
                  disabled={i === 0 || guardar.isPending}
                  onClick={() => mover(i, -1)}
                >
                  <ArrowLeft aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2"
                  aria-label={`Mover la foto ${i + 1} después`}
                  disabled={i === fotos.length - 1 || guardar.isPending}
                  onClick={() => mover(i, 1)}
                >
                  <ArrowRight aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2 text-red-700 dark:text-red-400"
                  aria-label={`Quitar la foto ${i + 1}`}
                  disabled={guardar.isPending}
                  onClick={() =>
                    save(
                      fotos.filter((_, j) => j !== i),
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
  return <ConMiPerfil>{(perfil, userId) => <Galeria perfil={perfil} userId={userId} />}</ConMiPerfil>;
}
