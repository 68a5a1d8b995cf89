import { endpoint, shapes } from './endpoint';
import type { ClientConfigResponseSchema } from './health';

/** The client's public runtime settings (contract/endpoint.ts). */
export const HEALTH_API = {
  config: endpoint('GET', '/api/config', shapes<{ answer: typeof ClientConfigResponseSchema }>()),
};
