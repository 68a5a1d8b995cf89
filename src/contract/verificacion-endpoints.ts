import { endpoint, shapes } from './endpoint';
import type {
  EnviarVerificacionSchema,
  MiVerificacionResponseSchema,
  VerificacionEnviadaResponseSchema,
} from './verificacion';

/** The producer's side of the organisation check (KYB, docs/decisions/052; contract/endpoint.ts). */
export const VERIFICACION_API = {
  mia: endpoint('GET', '/api/productor/verificacion', shapes<{ answer: typeof MiVerificacionResponseSchema }>()),
  enviar: endpoint(
    'POST',
    '/api/productor/verificacion',
    shapes<{ body: typeof EnviarVerificacionSchema; answer: typeof VerificacionEnviadaResponseSchema }>(),
  ),
};
