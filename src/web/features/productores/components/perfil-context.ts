import { useOutletContext } from 'react-router';
import type { ProductorPublico } from '../../../../contract/productores';

export interface PerfilContext {
  productor: ProductorPublico;
}

/** The profile the perfil layout already loaded, for its three pages. */
export const usePerfilContext = () => useOutletContext<PerfilContext>();
