import { BajaBusquedaPage } from '../features/busquedas/baja-page';

export function Component() {
  return <BajaBusquedaPage />;
}
