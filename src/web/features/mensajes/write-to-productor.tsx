import { lazy, Suspense, useState } from 'react';
import { MessageSquare } from 'lucide-react';
import { SignInInvitation } from '../../components/sign-in-invitation';
import { Modal } from '../../components/ui/modal';
import { rolOf, useSession } from '../../lib/session';

// The form loads on use: a public page's first load does not pay for it (docs/decisions/014).
const WriteForm = lazy(() => import('./write-form'));

export interface WriteProps {
  productorId: string;
  productorNombre: string;
  /** The lot the conversation is about (the lot page); none on the profile. */
  loteId?: string;
  loteNombre?: string;
}

/**
 * "Escribir al productor" on the lot page and the public profile: a signed-in buyer writes in a dialog;
 * a visitor is invited to sign in; a producer sees nothing.
 */
export function WriteToProductor(props: WriteProps) {
  const { user, token } = useSession();
  const rol = token ? rolOf(user) : null;
  const [open, setOpen] = useState(false);
  if (rol === 'productor') return null;
  const titulo = props.loteNombre
    ? `Escribe a ${props.productorNombre} sobre «${props.loteNombre}»`
    : `Escribe a ${props.productorNombre}`;
  return (
    <>
      <button type="button" className="btn-secondary w-full" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <MessageSquare aria-hidden className="size-4" /> Escribir al productor
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={rol ? titulo : 'Escribe al productor'} size="max-w-lg">
        {rol === 'comprador' ? (
          <Suspense fallback={<p className="text-sm text-gray-600 dark:text-gray-400">Cargando…</p>}>
            <WriteForm {...props} />
          </Suspense>
        ) : (
          <SignInInvitation>
            Inicia sesión con tu cuenta de comprador para escribir a {props.productorNombre} y seguir la conversación
            desde tu panel.
          </SignInInvitation>
        )}
      </Modal>
    </>
  );
}
