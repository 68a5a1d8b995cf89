import { useOutletContext } from 'react-router';
import type { PublicProductor } from '../../../../contract/productores';

export interface PerfilContext {
  productor: PublicProductor;
}

/** The profile the perfil layout already loaded, for its three pages. */
export const usePerfilContext = () => useOutletContext<PerfilContext>();
