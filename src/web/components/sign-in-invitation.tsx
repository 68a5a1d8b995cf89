import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * A visitor's invitation inside a buyer's dialog (write to a producer, ask for a sample): why to sign in, then
 * "Iniciar sesión" (coming back to this page) and "Crear una cuenta".
 */
export function SignInInvitation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <>
      <p className="text-gray-700 dark:text-gray-300">{children}</p>
      <div className="mt-5 flex flex-wrap gap-2">
        <Link to={`/Auth/Login?next=${next}`} className="btn-primary">
          Iniciar sesión
        </Link>
        <Link to="/Auth/Registro" className="btn-secondary">
          Crear una cuenta
        </Link>
      </div>
    </>
  );
}
