import type { DireccionLaboratorioResponseSchema } from './ajustes';
import { endpoint, shapes } from './endpoint';

/** The settings anyone may read (contract/endpoint.ts, decision 077): the lab's address, printed in the guide. */
export const AJUSTES_API = {
  direccionLaboratorio: endpoint(
    'GET',
    '/api/ajustes/direccion-laboratorio',
    shapes<{ answer: typeof DireccionLaboratorioResponseSchema }>(),
  ),
};
