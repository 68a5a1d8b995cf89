import { endpoint, shapes } from './endpoint';
import type {
  RespuestaAccionSchema,
  RespuestaInputSchema,
  RespuestaResponseSchema,
  SolicitudAccionSchema,
  SolicitudDetalleResponseSchema,
  SolicitudesQuerySchema,
  SolicitudesResponseSchema,
  SolicitudInputSchema,
  SolicitudResponseSchema,
} from './solicitudes';

/**
 * Sourcing requests (issue 13; decision 077): a buyer's requests and their moves, the producers' answers and theirs.
 */
export const SOLICITUDES_API = {
  crear: endpoint(
    'POST',
    '/api/solicitudes',
    shapes<{ body: typeof SolicitudInputSchema; answer: typeof SolicitudResponseSchema }>(),
  ),
  listar: endpoint(
    'GET',
    '/api/solicitudes',
    shapes<{ query: typeof SolicitudesQuerySchema; answer: typeof SolicitudesResponseSchema }>(),
  ),
  ver: endpoint('GET', '/api/solicitudes/:id', shapes<{ answer: typeof SolicitudDetalleResponseSchema }>()),
  editar: endpoint(
    'PUT',
    '/api/solicitudes/:id',
    shapes<{ body: typeof SolicitudInputSchema; answer: typeof SolicitudResponseSchema }>(),
  ),
  mover: endpoint(
    'POST',
    '/api/solicitudes/:id/acciones',
    shapes<{ body: typeof SolicitudAccionSchema; answer: typeof SolicitudResponseSchema }>(),
  ),
  responder: endpoint(
    'POST',
    '/api/solicitudes/:id/respuestas',
    shapes<{ body: typeof RespuestaInputSchema; answer: typeof RespuestaResponseSchema }>(),
  ),
  editarRespuesta: endpoint(
    'PUT',
    '/api/respuestas/:id',
    shapes<{ body: typeof RespuestaInputSchema; answer: typeof RespuestaResponseSchema }>(),
  ),
  moverRespuesta: endpoint(
    'POST',
    '/api/respuestas/:id/acciones',
    shapes<{ body: typeof RespuestaAccionSchema; answer: typeof RespuestaResponseSchema }>(),
  ),
};
