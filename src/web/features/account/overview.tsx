import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { COMPLETENESS_FIELDS, pendingFields } from '../../../contract/perfiles';
import type { DataUser } from '../../../contract/users';
import { PAGINAS } from '../../../contract/paginas';

/** Pieces shared by both dashboard summaries. */

export const informacionComercialUrl = (tipo: 'COMPRADOR' | 'PRODUCTOR') =>
  PAGINAS.cuenta.informacionComercial(tipo === 'COMPRADOR' ? 'comprador' : 'productor');

export function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: string }) {
  return (
    <div className="card p-4">
      <dt className="text-xs font-medium tracking-wide text-gray-600 uppercase dark:text-gray-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {detail && <dd className="mt-0.5 text-xs text-gray-600 dark:text-gray-400">{detail}</dd>}
    </div>
  );
}

export interface ChecklistItem {
  label: string;
  done: boolean;
  to?: string;
  action?: () => void;
}

/**
 * The profile checklist: the base profile, then every field that makes it complete. The list is the same length
 * before and after the base profile exists (a count that went from "0 de 1" to "3 de 3" read as a different
 * list); until then each field's "Completar" opens the base profile first. `whereToFill` names the page that
 * edits each field.
 */
export function perfilChecklist(
  user: DataUser,
  baseLabel: string,
  whereToFill: (campo: string) => string,
  onCompletePerfil: () => void,
): ChecklistItem[] {
  if (user.tipoUser === 'LABORATORIO' || user.tipoUser === 'OPERADOR') return [];
  const tipo = user.tipoUser;
  const pendientes = user.perfilBase ? pendingFields(tipo, user.perfil) : [...COMPLETENESS_FIELDS[tipo]];
  return [
    { label: baseLabel, done: user.perfilBase, action: onCompletePerfil },
    ...COMPLETENESS_FIELDS[tipo].map((c) => ({
      label: c.etiqueta,
      done: !pendientes.some((p) => p.campo === c.campo),
      ...(user.perfilBase ? { to: whereToFill(c.campo) } : { action: onCompletePerfil }),
    })),
    // Without it no order can be confirmed (issue 25 §3: the profile said "3 de 3" while every order waited on it).
    {
      label: 'Información comercial para los contratos (razón social, identificación fiscal y dirección)',
      done: (user.faltaInformacionComercial ?? []).length === 0,
      to: informacionComercialUrl(tipo),
    },
  ];
}

export function ProfileChecklist({ items, title = 'Tu perfil' }: { items: ChecklistItem[]; title?: string }) {
  const done = items.filter((i) => i.done).length;
  const pct = Math.round((done / items.length) * 100);
  return (
    <section aria-labelledby="perfil-checklist" className="card p-5">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="perfil-checklist" className="text-lg font-semibold">
          {title}
        </h2>
        <span className="text-sm text-gray-600 dark:text-gray-400">
          {done} de {items.length} completados
        </span>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
        role="progressbar"
        aria-label="Perfil completado"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="h-full rounded-full bg-primary-600" style={{ width: `${pct}%` }} />
      </div>
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        {items.map((item) => (
          <li key={item.label} className="flex items-center gap-2">
            {item.done ? (
              <CheckCircle2 aria-hidden className="size-4 shrink-0 text-primary-700 dark:text-primary-400" />
            ) : (
              <Circle aria-hidden className="size-4 shrink-0 text-gray-400" />
            )}
            <span className={item.done ? 'text-gray-600 line-through dark:text-gray-400' : ''}>
              {item.label}
              <span className="sr-only">{item.done ? ' (hecho)' : ' (pendiente)'}</span>
            </span>
            {!item.done && item.to && (
              <Link
                to={item.to}
                className="ml-auto shrink-0 font-medium text-primary-700 hover:underline dark:text-primary-400"
              >
                Completar
              </Link>
            )}
            {!item.done && !item.to && item.action && (
              <button
                type="button"
                onClick={item.action}
                className="ml-auto shrink-0 font-medium text-primary-700 hover:underline dark:text-primary-400"
              >
                Completar
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuickLinks({ links }: { links: Array<{ to: string; label: string; primary?: boolean }> }) {
  return (
    <nav aria-label="Accesos rápidos" className="flex flex-wrap gap-2">
      {links.map((l) => (
        <Link key={l.to} to={l.to} className={l.primary ? 'btn-primary' : 'btn-secondary'}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card flex flex-col items-start gap-3 p-5">
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {message}
      </p>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

export function CompletePerfilBanner({ rol, onComplete }: { rol: 'productor' | 'comprador'; onComplete: () => void }) {
  return (
    <div className="card flex flex-col gap-3 border-primary-300 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-primary-800 dark:bg-primary-950">
      <div>
        <p className="font-semibold">Completa tu perfil de {rol}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {rol === 'productor'
            ? 'Lo necesitas para publicar lotes y para que los compradores te conozcan.'
            : 'Así los productores sabrán quién eres cuando guardes lotes o pidas muestras.'}
        </p>
      </div>
      <button type="button" className="btn-primary shrink-0" onClick={onComplete}>
        Completar perfil
      </button>
    </div>
  );
}
