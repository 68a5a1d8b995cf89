import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName } from '../../../contract/roles';
import type { Lote } from '../../../contract/lotes';
import { LOTE_STATUS_LABELS } from '../../../contract/lotes';
import type { DataUser } from '../../../contract/users';
import { Spinner } from '../../components/ui/spinner';
import { formatDate, formatInt, formatKg, formatMoney } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { CompletePerfilBanner, LoadError, perfilChecklist, ProfileChecklist, QuickLinks, Stat } from './overview';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.productor.inicio;
/** Where each missing profile field is filled in: the story on its own page, the rest (logo too) on the profile. */
const whereToFill = (campo: string) => (campo === 'descripcion' ? `${BASE}/perfil/about` : `${BASE}/perfil`);

export interface StockOverview {
  visible: number;
  hidden: number;
  toSend: number;
  verificados: number;
  sacos: number;
  kg: number;
  /** Value of the bags in stock at their asking price, per currency. */
  value: Array<{ moneda: string; total: number }>;
}

/** The producer's figures of today, from their lots (docs/product.md §4's visible, hidden and POR_ENVIAR lists). */
export function summarizeLotes(lotes: Lote[]): StockOverview {
  const totalByMoneda = new Map<string, number>();
  let sacos = 0;
  let kg = 0;
  for (const l of lotes) {
    sacos += l.sacosDisponibles;
    const k = l.sacosDisponibles * l.pesoSacoKg;
    kg += k;
    totalByMoneda.set(l.moneda, (totalByMoneda.get(l.moneda) ?? 0) + k * l.precioKg);
  }
  return {
    visible: lotes.filter((l) => !l.ocultar).length,
    hidden: lotes.filter((l) => l.ocultar).length,
    toSend: lotes.filter((l) => l.status === 'POR_ENVIAR').length,
    verificados: lotes.filter((l) => l.status === 'VERIFICADO').length,
    sacos,
    kg,
    value: [...totalByMoneda].map(([moneda, total]) => ({ moneda, total })).sort((a, b) => b.total - a.total),
  };
}

export function ProductorOverview({
  user,
  lotes,
  isPending,
  isError,
  onRetry,
  onCompletePerfil,
  pedidos,
}: {
  user: DataUser;
  lotes: Lote[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onCompletePerfil: () => void;
  /** The orders' summary (the route passes it: features do not import each other). */
  pedidos?: ReactNode;
}) {
  usePageMeta({ title: 'Panel de productor' });
  const checklist = perfilChecklist(user, 'Datos básicos de tu finca u organización', whereToFill, onCompletePerfil);
  const r = lotes ? summarizeLotes(lotes) : null;
  const recent = lotes ? [...lotes].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, 5) : [];
  const nombreFinca = user.tipoUser === 'PRODUCTOR' ? (user.perfil?.nombre ?? null) : null;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Hola, {displayName(user)}</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {nombreFinca ? `Así va ${nombreFinca} hoy.` : 'Este es el resumen de tu actividad en Cereza.'}
        </p>
      </header>
      {!user.perfilBase && <CompletePerfilBanner rol="productor" onComplete={onCompletePerfil} />}
      {pedidos}
      {user.perfilBase && (
        <QuickLinks
          links={[
            { to: `${BASE}/Lotes/Crear`, label: 'Publicar un lote', primary: true },
            { to: `${BASE}/Lotes`, label: 'Mis lotes' },
            { to: `${BASE}/inventario`, label: 'Inventario' },
            { to: `/perfil/${user.id}`, label: 'Ver mi perfil público' },
          ]}
        />
      )}
      {user.perfilBase &&
        (isPending ? (
          <Spinner label="Cargando tus lotes…" />
        ) : isError || !r ? (
          <LoadError message="No hemos podido cargar tus lotes." onRetry={onRetry} />
        ) : (
          <section aria-labelledby="resumen-lotes">
            <h2 id="resumen-lotes" className="sr-only">
              Tus lotes en cifras
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Stat label="Lotes visibles" value={formatInt(r.visible)} detail={`${formatInt(r.hidden)} ocultos`} />
              <Stat
                label="Muestra por enviar"
                value={formatInt(r.toSend)}
                detail={`${formatInt(r.verificados)} verificados`}
              />
              <Stat label="Sacos en stock" value={formatInt(r.sacos)} detail={formatKg(r.kg)} />
              <Stat
                label="Valor en stock"
                value={r.value.length ? formatMoney(r.value[0].total, r.value[0].moneda) : '—'}
                detail={
                  r.value.length > 1
                    ? r.value
                        .slice(1)
                        .map((v) => formatMoney(v.total, v.moneda))
                        .join(' · ')
                    : 'a tu precio por kg'
                }
              />
            </dl>
          </section>
        ))}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        {user.perfilBase && lotes && (
          <section aria-labelledby="lotes-recientes" className="card p-5">
            <h2 id="lotes-recientes" className="text-lg font-semibold">
              Últimos lotes
            </h2>
            {recent.length === 0 ? (
              <div className="mt-3 text-sm text-gray-700 dark:text-gray-300">
                <p>Todavía no has publicado ningún lote.</p>
                <Link
                  to={`${BASE}/Lotes/Crear`}
                  className="mt-3 inline-flex font-medium text-primary-700 hover:underline dark:text-primary-400"
                >
                  Publica el primero
                </Link>
              </div>
            ) : (
              <ul className="mt-3 divide-y divide-gray-200 dark:divide-gray-800">
                {recent.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <Link to={`${BASE}/Lotes/Edit/${l.id}`} className="min-w-0 font-medium hover:underline">
                      <span className="block truncate">{l.nombre}</span>
                      <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">
                        {l.codigo} · actualizado el {formatDate(l.updatedAt)}
                      </span>
                    </Link>
                    <span className="flex gap-1 text-xs">
                      <span className="rounded-full bg-gray-100 px-2 py-0.5 dark:bg-gray-800">
                        {LOTE_STATUS_LABELS[l.status]}
                      </span>
                      {l.ocultar && (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                          Oculto
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <ProfileChecklist items={checklist} title="Tu perfil de productor" />
      </div>
    </div>
  );
}
