import { PasswordRecoveryPage } from '../features/auth/password-recovery-page';

export function Component() {
  return <PasswordRecoveryPage />;
}
