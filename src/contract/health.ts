import { z } from 'zod';
import './zod-es';

/** The service's own routes: liveness, readiness, the client's runtime settings, and browser error reports. */

export const HealthResponseSchema = z.object({ success: z.literal(true), status: z.literal('ok') });
export const ReadyResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ready'),
  database: z.string(),
});
/** 503 from /api/ready: the usual error envelope. */
export const NotReadyResponseSchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.literal('NOT_READY'), message: z.string() }),
});

/**
 * GET /api/config: public runtime settings; a null googleClientId hides Google sign-in. `mapa`: the plots' map tile
 * template (Leaflet's {s}/{z}/{x}/{y}) and its attribution.
 */
export const ClientConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  buildId: z.string(),
  mapa: z.object({ teselas: z.string(), atribucion: z.string() }),
});
export type ClientConfig = z.output<typeof ClientConfigSchema>;
export const ClientConfigResponseSchema = ClientConfigSchema.extend({ success: z.literal(true) });
export type ClientConfigResponse = z.output<typeof ClientConfigResponseSchema>;

/** GET /api/build: the hourly newer-build check compares this with the build the page was loaded from. */
export const BuildResponseSchema = z.object({ success: z.literal(true), buildId: z.string() });
export type BuildResponse = z.output<typeof BuildResponseSchema>;

/** POST /api/client-errors: an error the browser reports, so that it reaches the server log. */
export const ClientErrorSchema = z.object({
  message: z.string().min(1).max(500),
  path: z.string().max(500).optional(),
  fatal: z.boolean().default(false),
});
export type ClientErrorReport = z.input<typeof ClientErrorSchema>;
