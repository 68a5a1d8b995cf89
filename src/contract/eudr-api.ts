import { z } from 'zod';
import { okMessageResponse, okResponse } from './common';
import { CLASES_RIESGO, DDS_MESSAGES, DDS_REFERENCIA_RE, DDS_VERIFICACION_RE } from './eudr';
import { PaisSchema } from './lotes';

/* The EUDR endpoints' bodies and answers (issue 30). */

export const RiesgoPaisSchema = z.object({
  pais: z.string(),
  clase: z.enum(CLASES_RIESGO),
  fuente: z.string(),
  fechaFuente: z.string(),
  updatedAt: z.string(),
});
export const RiesgoInputSchema = z.object({
  clase: z.enum(CLASES_RIESGO, { error: 'Elige la clase de riesgo: baja, estándar o alta.' }),
  fuente: z
    .string({ error: 'Indica la fuente.' })
    .trim()
    .min(5, 'Indica la fuente (la norma o la publicación).')
    .max(300, 'La fuente admite como máximo 300 caracteres.'),
  fechaFuente: z
    .string({ error: 'Indica la fecha de la fuente (AAAA-MM-DD).' })
    .regex(/^(20\d{2})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Indica la fecha de la fuente (AAAA-MM-DD).'),
});
export const RiesgoParamsSchema = z.object({ pais: z.string().trim().toUpperCase().pipe(PaisSchema) });
export const RiesgosResponseSchema = okResponse(z.object({ riesgos: z.array(RiesgoPaisSchema) }));
export const RiesgoResponseSchema = okMessageResponse(z.object({ riesgo: RiesgoPaisSchema }));

export const EudrLoteSchema = z.object({
  listo: z.boolean(),
  faltas: z.array(z.string()),
  cosechaInicio: z.string().nullable(),
  cosechaFin: z.string().nullable(),
  pais: z.string(),
  riesgo: RiesgoPaisSchema.nullable(),
  parcelas: z.number(),
  hectareas: z.number(),
});
export const EudrLoteResponseSchema = okResponse(z.object({ eudr: EudrLoteSchema }));

/** PUT /api/pedidos/{id}/dds: the statement's numbers, upper-cased and without spaces before the format check. */
const limpio = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v);
export const DdsInputSchema = z.object({
  referencia: z.preprocess(
    limpio,
    z.string({ error: DDS_MESSAGES.REFERENCIA }).regex(DDS_REFERENCIA_RE, DDS_MESSAGES.REFERENCIA),
  ),
  verificacion: z.preprocess(
    limpio,
    z.string({ error: DDS_MESSAGES.VERIFICACION }).regex(DDS_VERIFICACION_RE, DDS_MESSAGES.VERIFICACION),
  ),
});
export const DdsResponseSchema = okMessageResponse(
  z.object({ dds: z.object({ referencia: z.string(), verificacion: z.string(), registradaAt: z.string() }) }),
);
