import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageCheck, PackagePlus } from 'lucide-react';
import type { LoteTarjeta } from '../../../contract/lotes';
import { CAJA_PAGINA } from '../../../contract/cajas-paths';
import { CAJAS_API } from '../../../contract/cajas-endpoints';
import { call, errorMessage } from '../../lib/api';
import { rolOf, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { CAJA_KEY, saveLocales, idsLocales, readCajaServidor, useLocales } from './caja-store';

const iconClass =
  'inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow-sm hover:bg-white dark:bg-gray-900/90 dark:text-gray-100 dark:hover:bg-gray-900';

/**
 * The live "Añadir a la caja de muestras" (decision 070), loaded by ./caja-button after hydration. Buyers' boxes are
 * kept on the server, visitors' in the browser.
 */
export function CajaButtonLive({ lote, variant }: { lote: LoteTarjeta; variant: 'icon' | 'full' }) {
  const { user, token } = useSession();
  const rol = token ? rolOf(user) : null;
  const qc = useQueryClient();
  const locales = useLocales();
  const servidor = useQuery({
    queryKey: CAJA_KEY,
    queryFn: ({ signal }) => readCajaServidor(signal),
    enabled: rol === 'comprador',
  });
  const [busy, setBusy] = useState(false);
  const comprador = rol === 'comprador';
  const ids = comprador ? (servidor.data ?? []).map((l) => l.id) : (JSON.parse(locales) as string[]);
  const dentro = ids.includes(lote.id);

  const toggle = async () => {
    if (!comprador) {
      saveLocales(dentro ? idsLocales().filter((id) => id !== lote.id) : [...idsLocales(), lote.id]);
      toast.success(dentro ? 'Lote quitado de tu caja de muestras.' : 'Lote añadido a tu caja de muestras.');
      return;
    }
    setBusy(true);
    try {
      const r = await call(dentro ? CAJAS_API.quitar : CAJAS_API.anadir, { params: { id: lote.id } });
      qc.setQueryData(CAJA_KEY, r.data.lotes);
      toast.success(r.message);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const Icon = dentro ? PackageCheck : PackagePlus;
  if (variant === 'icon') {
    const label = dentro
      ? `Quitar ${lote.nombre} de la caja de muestras`
      : `Añadir ${lote.nombre} a la caja de muestras`;
    return (
      <button
        type="button"
        className={iconClass}
        aria-pressed={dentro}
        aria-label={label}
        title={label}
        disabled={busy}
        onClick={toggle}
      >
        <Icon aria-hidden className="size-5" />
      </button>
    );
  }
  return (
    <>
      <button type="button" className="btn-secondary" aria-pressed={dentro} disabled={busy} onClick={toggle}>
        <Icon aria-hidden className="size-5" />
        {dentro ? 'En tu caja de muestras' : 'Añadir a la caja de muestras'}
      </button>
      {dentro && (
        <Link to={CAJA_PAGINA} className="text-sm underline">
          Ver la caja de muestras ({ids.length})
        </Link>
      )}
    </>
  );
}
