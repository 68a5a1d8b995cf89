import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { esParteComercial, type Rol } from '../../../contract/roles';
import { dashboardPath } from '../../lib/session';
import { usePageMeta } from '../../lib/page-meta';

const TABS = [
  { to: 'usuario', label: 'Datos de la cuenta', end: true },
  { to: 'usuario/Notificaciones', label: 'Notificaciones' },
  { to: 'usuario/InformacionComercial', label: 'Información comercial' },
  { to: 'usuario/EliminarCuenta', label: 'Eliminar cuenta' },
] as const;

/** The frame of the account pages, the same for every role (the lab and the operator have no commercial data). */
export function AccountLayout({
  rol,
  title,
  description,
  children,
}: {
  rol: Rol;
  title: string;
  description: string;
  children: ReactNode;
}) {
  usePageMeta({ title });
  const base = dashboardPath(rol);
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>
      </header>
      <nav aria-label="Secciones de la cuenta" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 border-b border-gray-200 dark:border-gray-800">
          {(esParteComercial(rol) ? TABS : TABS.slice(0, 2)).map((t) => (
            <li key={t.to} className="shrink-0">
              <NavLink
                to={`${base}/${t.to}`}
                end={'end' in t}
                className={({ isActive }) =>
                  `-mb-px block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                    isActive
                      ? 'border-primary-700 text-primary-800 dark:border-primary-400 dark:text-primary-300'
                      : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'
                  }`
                }
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

export function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="card p-5 sm:p-6">
      <h2 id={id ? `${id}-title` : undefined} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
