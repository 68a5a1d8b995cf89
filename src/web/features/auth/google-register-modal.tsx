import { useState } from 'react';
import { ERRORS, MESSAGES } from '../../../contract/errors';
import { toTipoUser, type RolRegistro as Rol } from '../../../contract/roles';
import { Modal } from '../../components/ui/modal';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { googleRequest } from './api';
import { AccountTypeChooser } from './account-type-chooser';
import { CoffeeIllustration } from './coffee-illustration';
import { useCompleteSignIn, type WarmUp } from './sign-in';
import { BusyButton } from '../../components/ui/busy-button';

/**
 * What a failed Google registration shows (docs/product.md §8): the server's message when it sent one; no connection:
 * NETWORK_ERROR; our side failed (a 5xx, or an answer that is not our JSON): GOOGLE_REGISTRATION_ERROR; an
 * answer that is just not successful (`{ "success": false }`): "Error al completar el registro. Intenta nuevamente."
 */
export function googleRegistrationErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return MESSAGES.GOOGLE_REGISTRATION_FAILED;
  if (err.code === 'NETWORK_ERROR') return ERRORS.NETWORK_ERROR;
  if (err.serverMessage) return err.serverMessage;
  if (err.status >= 500 || err.code === 'INVALID_RESPONSE') return ERRORS.GOOGLE_REGISTRATION_ERROR;
  return MESSAGES.GOOGLE_REGISTRATION_FAILED;
}

/**
 * "No estas registrado aún." (docs/product.md §2, §4): a Google identity without an account picks its type and
 * registers. Success saves the session, closes the modal and goes to the dashboard; failure keeps the modal
 * open with the server's message. Loading ends in both cases.
 */
export function GoogleRegisterModal({
  credential,
  onClose,
  warm,
}: {
  credential: string | null;
  onClose: () => void;
  warm?: WarmUp;
}) {
  const [rol, setRol] = useState<Rol | null>(null);
  const [loading, setLoading] = useState(false);
  const completeSignIn = useCompleteSignIn(warm);

  async function register() {
    if (!credential || !rol || loading) return;
    setLoading(true);
    try {
      const res = await googleRequest(credential, toTipoUser(rol));
      // Registration counts only with success plus dataUser and token (docs/product.md §5).
      if (res.success && res.userExists && res.dataUser && res.token) {
        onClose();
        completeSignIn(res.token, res.dataUser, res.message ?? MESSAGES.USER_CREATED);
      } else {
        toast.error(MESSAGES.GOOGLE_REGISTRATION_FAILED);
      }
    } catch (err) {
      toast.error(googleRegistrationErrorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Modal open={!!credential} onClose={() => !loading && onClose()} title="No estas registrado aún." size="max-w-2xl">
      <div className="grid gap-5 sm:grid-cols-[11rem_1fr]">
        <CoffeeIllustration className="hidden h-full max-h-72 w-full rounded-xl object-cover sm:block" />
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Tu cuenta de Google todavía no está registrada en Cereza. Elige cómo vas a usar la plataforma para crear tu
            cuenta.
          </p>
          <AccountTypeChooser value={rol} onChange={setRol} disabled={loading} />
          <BusyButton
            busy={loading}
            busyLabel="Registrando…"
            type="button"
            className="btn-primary self-start"
            onClick={() => void register()}
            disabled={!rol}
          >
            Registrar
          </BusyButton>
        </div>
      </div>
    </Modal>
  );
}
