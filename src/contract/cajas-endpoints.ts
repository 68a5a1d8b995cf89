import { endpoint, shapes } from './endpoint';
import type {
  CajaCambioResponseSchema,
  CajaEnviarSchema,
  CajaEnvioResponseSchema,
  CajaEnvioSchema,
  CajaFusionarSchema,
  CajaMuestrasResponseSchema,
  CajaResponseSchema,
  CajasEnviadasResponseSchema,
  CajasMuestrasResponseSchema,
} from './muestras';

/**
 * The sample boxes (issue 32, decision 070; decision 077), apart from MUESTRAS_API: the "Añadir a la caja de muestras"
 * button is on the public pages' first load and needs only the box and a lot's place in it.
 */
export const CAJAS_API = {
  /** The buyer's box being filled. */
  caja: endpoint('GET', '/api/caja-muestras', shapes<{ answer: typeof CajaResponseSchema }>()),
  anadir: endpoint('PUT', '/api/caja-muestras/lotes/:id', shapes<{ answer: typeof CajaCambioResponseSchema }>()),
  quitar: endpoint('DELETE', '/api/caja-muestras/lotes/:id', shapes<{ answer: typeof CajaCambioResponseSchema }>()),
  /** The visitor's box kept in the browser, merged into the account's on signing in. */
  fusionar: endpoint(
    'POST',
    '/api/caja-muestras/fusionar',
    shapes<{ body: typeof CajaFusionarSchema; answer: typeof CajaResponseSchema }>(),
  ),
  enviar: endpoint(
    'POST',
    '/api/caja-muestras/enviar',
    shapes<{ body: typeof CajaEnviarSchema; answer: typeof CajasEnviadasResponseSchema }>(),
  ),
  /** The boxes sent, per producer; a box's one shipment. */
  cajas: endpoint('GET', '/api/cajas-muestras', shapes<{ answer: typeof CajasMuestrasResponseSchema }>()),
  cajaEnviada: endpoint('GET', '/api/cajas-muestras/:id', shapes<{ answer: typeof CajaMuestrasResponseSchema }>()),
  envio: endpoint(
    'POST',
    '/api/cajas-muestras/:id/envio',
    shapes<{ body: typeof CajaEnvioSchema; answer: typeof CajaEnvioResponseSchema }>(),
  ),
};
