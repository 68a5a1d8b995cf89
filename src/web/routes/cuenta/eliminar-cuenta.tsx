import { GoogleCredentialButton } from '../../features/auth/google-button';
import { EliminarCuentaPage } from '../../features/cuenta/eliminar-cuenta-page';
import { rolOf, useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  const rol = rolOf(user);
  if (!user || !rol) return null;
  return (
    <EliminarCuentaPage
      rol={rol}
      user={user}
      googleReauth={(onCredential) => <GoogleCredentialButton onCredential={onCredential} />}
    />
  );
}
