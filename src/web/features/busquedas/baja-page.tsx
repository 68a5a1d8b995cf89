import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { useDarDeBaja } from './api';
import { PAGINAS } from '../../../contract/paginas';

type Estado = { kind: 'cargando' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string };

/**
 * /Auth/BajaBusqueda?token=: the link of a saved search's alert e-mail. Opening it is the whole unsubscribe (one
 * link); it posts the token once from the browser, so a mail scanner that only fetches the link changes nothing.
 */
export function BajaBusquedaPage() {
  usePageMeta({ title: 'Dejar de recibir avisos de una búsqueda' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [estado, setEstado] = useState<Estado>({ kind: 'cargando' });
  const started = useRef(false);
  const { mutateAsync } = useDarDeBaja();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutateAsync(token)
      .then((res) => setEstado({ kind: 'ok', message: res.message ?? 'Listo.' }))
      .catch((err) => setEstado({ kind: 'error', message: errorMessage(err) }));
  }, [token, mutateAsync]);

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="baja-title" aria-busy={estado.kind === 'cargando'}>
      {estado.kind === 'cargando' ? (
        <>
          <Loader2 aria-hidden className="size-10 animate-spin text-primary-700 dark:text-primary-400" />
          <h1 id="baja-title" className="mt-3 text-2xl font-semibold">
            Dando de baja los avisos…
          </h1>
        </>
      ) : estado.kind === 'ok' ? (
        <>
          <CircleCheck aria-hidden className="size-10 text-primary-700 dark:text-primary-400" />
          <h1 id="baja-title" className="mt-3 text-2xl font-semibold">
            Avisos por correo desactivados
          </h1>
          <p role="status" className="mt-2 text-gray-700 dark:text-gray-300">
            {estado.message}
          </p>
        </>
      ) : (
        <>
          <CircleAlert aria-hidden className="size-10 text-red-700 dark:text-red-400" />
          <h1 id="baja-title" className="mt-3 text-2xl font-semibold">
            No hemos podido darte de baja
          </h1>
          <p role="alert" className="mt-2 text-gray-700 dark:text-gray-300">
            {estado.message}
          </p>
        </>
      )}
      {estado.kind !== 'cargando' && (
        <p className="mt-6">
          <Link to={PAGINAS.comprador.busquedas} className="btn-primary">
            Ver mis búsquedas guardadas
          </Link>
        </p>
      )}
    </section>
  );
}
