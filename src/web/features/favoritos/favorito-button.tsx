import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Heart } from 'lucide-react';
import type { LoteTarjeta } from '../../../contract/lotes';
import { Modal } from '../../components/ui/modal';
import { rolOf, useSession } from '../../lib/session';
import { pendingAction } from '../../lib/pending-action';
import { useIsFavorito, useToggleFavorito } from './api';

const iconClass =
  'inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-gray-800 shadow-sm backdrop-blur hover:bg-white dark:bg-gray-900/90 dark:text-gray-100 dark:hover:bg-gray-900';

function HeartIcon({ filled }: { filled: boolean }) {
  return <Heart aria-hidden className={`size-5 ${filled ? 'fill-cereza-500 text-cereza-500' : ''}`} />;
}

/** The heart of a lot: buyers save and remove; visitors are invited to sign in; producers see nothing. */
export function FavoritoButton({ lote, variant = 'icon' }: { lote: LoteTarjeta; variant?: 'icon' | 'full' }) {
  const { user, token } = useSession();
  const rol = token ? rolOf(user) : null;
  if (rol === 'productor') return null;
  if (rol === 'comprador') return <CompradorHeart lote={lote} variant={variant} />;
  return <VisitorHeart lote={lote} variant={variant} />;
}

function CompradorHeart({ lote, variant }: { lote: LoteTarjeta; variant: 'icon' | 'full' }) {
  const saved = useIsFavorito(lote.id);
  const toggle = useToggleFavorito();
  const label = saved ? `Quitar ${lote.nombre} de favoritos` : `Guardar ${lote.nombre} en favoritos`;
  const onClick = () => toggle.mutate({ lote, add: !saved });
  // Back from signing in after a click on this heart as a visitor: the favourite is saved, as was asked
  // (adding is idempotent on the server, so a lot already saved stays saved).
  const { mutate } = toggle;
  useEffect(() => {
    if (pendingAction.take('favorito', lote.id)) mutate({ lote, add: true });
  }, [lote, mutate]);
  if (variant === 'full') {
    return (
      <button type="button" className="btn-secondary" aria-pressed={saved} onClick={onClick}>
        <HeartIcon filled={saved} />
        {saved ? 'Guardado en favoritos' : 'Guardar en favoritos'}
      </button>
    );
  }
  return (
    <button type="button" className={iconClass} aria-pressed={saved} aria-label={label} title={label} onClick={onClick}>
      <HeartIcon filled={saved} />
    </button>
  );
}

function VisitorHeart({ lote, variant }: { lote: LoteTarjeta; variant: 'icon' | 'full' }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  const remember = () => pendingAction.set({ kind: 'favorito', id: lote.id });
  return (
    <>
      {variant === 'full' ? (
        <button type="button" className="btn-secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <HeartIcon filled={false} /> Guardar en favoritos
        </button>
      ) : (
        <button
          type="button"
          className={iconClass}
          aria-label="Guardar en favoritos"
          title="Guardar en favoritos"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
        >
          <HeartIcon filled={false} />
        </button>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title="Guarda tus lotes favoritos" size="max-w-md">
        <p className="text-gray-700 dark:text-gray-300">
          Inicia sesión con tu cuenta de comprador y guardaremos este lote en tus favoritos; los encontrarás en tu
          panel.
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link to={`/Auth/Login?next=${next}`} className="btn-primary" onClick={remember}>
            Iniciar sesión
          </Link>
          <Link to={`/Auth/Registro?tipo=comprador&next=${next}`} className="btn-secondary" onClick={remember}>
            Crear una cuenta
          </Link>
        </div>
      </Modal>
    </>
  );
}
