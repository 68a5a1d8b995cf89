import { RecuperarPage } from '../features/auth/recuperar-page';

export function Component() {
  return <RecuperarPage />;
}
