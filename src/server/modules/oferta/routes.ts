import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../../contract/errors';
import { LotesQuerySchema } from '../../../contract/lotes';
import {
  OFERTA_FORMATOS,
  OFERTA_LIMITS,
  OFERTA_MESSAGES,
  ofertaArchivo,
  type OfertaFormato,
} from '../../../contract/oferta';
import { badRequest } from '../../errors';
import { validatorWith } from '../../plugins/schemas';
import { filaDeOferta, lotesDeOferta, ofertaCsv, ofertaPdf, ofertaXlsx } from './service';

const TIPOS: Record<OfertaFormato, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * GET /api/lotes/oferta.{csv,xlsx,pdf}?<the catalogue's filters>: the offer list to take away (issue 32). Public,
 * as the catalogue is: a visitor downloads what he can see. The same query as `GET /api/lotes`, refused with the
 * same messages; every lot it matches, never a silently cut list.
 */
export const ofertaRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const formato of OFERTA_FORMATOS) {
    app.get(
      `/lotes/oferta.${formato}`,
      {
        validatorCompiler: validatorWith(ERRORS.LOTES_LIST_ERROR),
        schema: { querystring: LotesQuerySchema },
      },
      async (request, reply) => {
        const max = formato === 'pdf' ? OFERTA_LIMITS.paginasPdf : OFERTA_LIMITS.filas;
        const { lotes, total } = await lotesDeOferta(app, request.query, max);
        if (total > max) {
          throw badRequest(
            'VALIDATION_ERROR',
            formato === 'pdf' ? OFERTA_MESSAGES.demasiadosParaPdf(total) : OFERTA_MESSAGES.demasiados(total),
          );
        }
        const hoy = new Date();
        const filas = lotes.map((l) => filaDeOferta(l, app.config.publicUrl));
        const body =
          formato === 'csv'
            ? ofertaCsv(filas)
            : formato === 'xlsx'
              ? await ofertaXlsx(filas, hoy)
              : await ofertaPdf(lotes, filas, hoy);
        return reply
          .type(TIPOS[formato])
          .header('content-disposition', `attachment; filename="${ofertaArchivo(formato, hoy)}"`)
          .header('cache-control', 'no-cache')
          .send(body);
      },
    );
  }
};
