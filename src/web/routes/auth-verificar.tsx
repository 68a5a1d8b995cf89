import { VerificarPage } from '../features/auth/verificar-page';

export function Component() {
  return <VerificarPage />;
}
