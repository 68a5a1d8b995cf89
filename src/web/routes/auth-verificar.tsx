import { EmailVerificationPage } from '../features/auth/email-verification-page';

export function Component() {
  return <EmailVerificationPage />;
}
