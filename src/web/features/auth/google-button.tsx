import { useEffect, useRef, useState } from 'react';
import { ERRORS, MESSAGES } from '../../../contract/errors';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { googleRequest, useClientConfig } from './api';
import { loadGoogleIdentity } from './google-identity';
import { GoogleRegisterModal } from './google-register-modal';
import { useCompleteSignIn, type WarmUp } from './sign-in';

/**
 * Google sign-in, shown only when GET /api/config publishes a client id. An existing account signs in at
 * once; a new identity opens "No estas registrado aún." to choose the account type.
 */
export function GoogleButton({ warm }: { warm?: WarmUp }) {
  const { data: config } = useClientConfig();
  const clientId = config?.googleClientId ?? null;
  const slot = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(true);
  const [pending, setPending] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn(warm);
  const handler = useRef<(credential: string) => void>(() => {});

  handler.current = async (credential: string) => {
    try {
      const res = await googleRequest(credential);
      if (!res.userExists) {
        setPending(credential);
        return;
      }
      if (!res.token || !res.dataUser) throw new ApiError(200, 'INVALID_RESPONSE', ERRORS.INVALID_RESPONSE);
      completeSignIn(res.token, res.dataUser, MESSAGES.LOGIN_SUCCESS);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : ERRORS.GOOGLE_LOGIN_ERROR);
    }
  };

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((gsi) => {
        if (cancelled || !slot.current) return;
        gsi.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            if (credential) void handler.current(credential);
            else toast.error(ERRORS.GOOGLE_LOGIN_ERROR);
          },
        });
        const dark = document.documentElement.classList.contains('dark');
        gsi.renderButton(slot.current, {
          type: 'standard',
          theme: dark ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          locale: 'es',
          width: Math.min(slot.current.clientWidth || 320, 400),
        });
      })
      .catch(() => {
        if (!cancelled) setAvailable(false);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId || !available) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-gray-600 dark:text-gray-400" aria-hidden>
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />o
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
      </div>
      <div ref={slot} className="flex min-h-11 justify-center" />
      <GoogleRegisterModal credential={pending} onClose={() => setPending(null)} warm={warm} />
    </div>
  );
}

/** A Google button that only hands back a fresh credential (re-authentication before deleting the account). */
export function GoogleCredentialButton({ onCredential }: { onCredential: (credential: string) => void }) {
  const { data: config } = useClientConfig();
  const clientId = config?.googleClientId ?? null;
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((gsi) => {
        if (cancelled || !slot.current) return;
        gsi.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) =>
            credential ? callback.current(credential) : toast.error(ERRORS.GOOGLE_LOGIN_ERROR),
        });
        gsi.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          locale: 'es',
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId || failed) {
    return <p className="text-sm text-gray-700 dark:text-gray-300">{ERRORS.GOOGLE_DISABLED}</p>;
  }
  return <div ref={slot} className="min-h-11" />;
}
