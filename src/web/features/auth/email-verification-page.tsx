import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { dashboardPath, rolOf, session, useSession } from '../../lib/session';
import { jwtValidateRequest, emailVerificationRequest } from './api';

type Estado = { kind: 'cargando' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string };

/** /Auth/Verificar?token=: follows the mailed link once, then says so (signed in or not). */
export function EmailVerificationPage() {
  usePageMeta({ title: 'Verificar correo electrónico' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const [estado, setEstado] = useState<Estado>({ kind: 'cargando' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token.length < 20) {
      setEstado({ kind: 'error', message: 'El enlace está incompleto. Ábrelo exactamente como aparece en el correo.' });
      return;
    }
    emailVerificationRequest({ token })
      .then(async (res) => {
        setEstado({ kind: 'ok', message: res.message });
        // A signed-in session shows the address as verified at once (the banner goes away).
        if (session.get().token) {
          const me = await jwtValidateRequest().catch(() => null);
          if (me?.dataUser) session.setUser(me.dataUser);
        }
      })
      .catch((err) => setEstado({ kind: 'error', message: errorMessage(err) }));
  }, [token]);

  const rol = rolOf(user);
  return (
    <section className="card p-6 sm:p-8" aria-labelledby="verificar-title" aria-busy={estado.kind === 'cargando'}>
      {estado.kind === 'cargando' ? (
        <>
          <Loader2 aria-hidden className="size-10 animate-spin text-primary-700 dark:text-primary-400" />
          <h1 id="verificar-title" className="mt-3 text-2xl font-semibold">
            Verificando tu correo…
          </h1>
        </>
      ) : estado.kind === 'ok' ? (
        <>
          <CircleCheck aria-hidden className="size-10 text-primary-700 dark:text-primary-400" />
          <h1 id="verificar-title" className="mt-3 text-2xl font-semibold">
            Correo verificado
          </h1>
          <p role="status" className="mt-2 text-gray-700 dark:text-gray-300">
            {estado.message}
          </p>
        </>
      ) : (
        <>
          <CircleAlert aria-hidden className="size-10 text-red-700 dark:text-red-400" />
          <h1 id="verificar-title" className="mt-3 text-2xl font-semibold">
            No hemos podido verificar tu correo
          </h1>
          <p role="alert" className="mt-2 text-gray-700 dark:text-gray-300">
            {estado.message}
          </p>
        </>
      )}
      {estado.kind !== 'cargando' && (
        <p className="mt-6">
          {rol ? (
            <Link
              to={estado.kind === 'ok' ? dashboardPath(rol) : `${dashboardPath(rol)}/usuario`}
              className="btn-primary"
            >
              {estado.kind === 'ok' ? 'Ir a mi panel' : 'Ir a mi cuenta'}
            </Link>
          ) : (
            <Link to="/Auth/Login" className="btn-primary">
              Iniciar sesión
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
