import { GoogleCredentialButton } from '../../features/auth/google-button';
import { DeleteAccountPage } from '../../features/account/delete-account-page';
import { rolOf, useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  const rol = rolOf(user);
  if (!user || !rol) return null;
  return (
    <DeleteAccountPage
      rol={rol}
      user={user}
      googleReauth={(onCredential) => <GoogleCredentialButton onCredential={onCredential} />}
    />
  );
}
