import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { AUTH_API } from '../../../contract/auth-endpoints';
import { call, errorMessage } from '../../lib/api';
import { session, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/** "Reenviar": a new verification link by e-mail (limited by the server). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => call(AUTH_API.verificarReenviar),
    onSuccess: (r) => toast.success(r.message),
    onError: (err) => toast.error(errorMessage(err)),
  });
}

/** An address verified in another tab (the mailed link) shows up here when the user comes back. */
function useRefreshWhenVisible(unverified: boolean) {
  useEffect(() => {
    if (!unverified) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !session.get().token) return;
      call(AUTH_API.jwtValidate)
        .then((r) => r.dataUser && session.setUser(r.dataUser))
        .catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unverified]);
}

export function ResendVerificationButton({ className = 'btn-secondary' }: { className?: string }) {
  const reenviar = useResendVerification();
  return (
    <button type="button" className={className} disabled={reenviar.isPending} onClick={() => reenviar.mutate()}>
      {reenviar.isPending ? 'Enviando…' : 'Reenviar correo'}
    </button>
  );
}

/** The dashboards' banner while the account's address is not verified. */
export function VerificationBanner() {
  const { user } = useSession();
  const unverified = !!user && !user.verificado;
  useRefreshWhenVisible(unverified);
  if (!user || user.verificado) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:px-6 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <MailWarning aria-hidden className="hidden size-5 shrink-0 sm:block" />
      <p className="flex-1">
        <strong className="font-semibold">Confirma tu correo electrónico.</strong> Te enviamos un enlace a{' '}
        <span className="break-all">{user.email}</span>. Hasta entonces no podrás vincular tu cuenta de Google.
      </p>
      <ResendVerificationButton className="btn-secondary self-start sm:self-auto" />
    </div>
  );
}
