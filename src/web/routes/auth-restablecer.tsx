import { RestablecerPage } from '../features/auth/restablecer-page';

export function Component() {
  return <RestablecerPage />;
}
