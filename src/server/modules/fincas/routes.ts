import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINCA_MESSAGES,
  FincaDeletedResponseSchema,
  FincaInputSchema,
  FincaResponseSchema,
  FincasResponseSchema,
  EvidenciaInputSchema,
  EvidenciaResponseSchema,
  EvidenciasResponseSchema,
  ImportQuerySchema,
  ImportResponseSchema,
  LoteFincasInputSchema,
  LoteFincasResponseSchema,
} from '../../../contract/fincas';
import { FINCAS_API } from '../../../contract/fincas-endpoints';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../contract/parcelas-import';
import { HttpError, badRequest } from '../../errors';
import { formatoDe, readArchivo } from './import-parcelas';
import { optionalUser, requireProductorWithPerfil, requireUser, signedInUser } from '../../auth/guards';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { assertPublicProductor, PRODUCTOR_NOT_FOUND } from '../productores';
import {
  updateFinca,
  createFinca,
  createEvidencia,
  createFincaPropia,
  deleteFinca,
  evidenciasDeFinca,
  fincasDeLotePublico,
  importParcelas,
  listFincas,
  setLoteFincas,
} from './service';

const LOTE_NOT_FOUND = 'Lote no encontrado.';
const fincaId = (raw: string) => idOr404(raw, FINCA_MESSAGES.NOT_FOUND);

/**
 * Member farms (issue 13): the producer's own list and its writes (owner only: another's farm is 404), the
 * farms a lot comes from, and the public reading of both for the lot page and the producer's profile.
 */
export const fincasRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only the import reads multipart bodies (one file); registered in this plugin's scope.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 },
  });

  /**
   * A file of plots (GeoJSON, KML, zipped shapefile, CSV): each row's verdict; with ?confirmar=true the valid rows are
   * created, all in one transaction (decision 058). Nothing is written without the confirmation.
   */
  route(
    app,
    FINCAS_API.importar,
    {
      onRequest: requireProductorWithPerfil,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        querystring: ImportQuerySchema,
        response: { 200: ImportResponseSchema },
      },
    },
    async (request) => {
      let buf: Buffer;
      let nombre: string;
      try {
        const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
        if (!file)
          throw badRequest('VALIDATION_ERROR', IMPORT_MESSAGES.SIN_ARCHIVO, { file: IMPORT_MESSAGES.SIN_ARCHIVO });
        buf = await file.toBuffer();
        nombre = file.filename ?? '';
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.DEMASIADO_GRANDE);
        }
        const status = (err as { statusCode?: number }).statusCode;
        if (status && status < 500) throw err;
        throw badRequest('VALIDATION_ERROR', IMPORT_MESSAGES.SIN_ARCHIVO, { file: IMPORT_MESSAGES.SIN_ARCHIVO });
      }
      const formato = formatoDe(nombre, buf);
      if (!formato) throw badRequest('VALIDATION_ERROR', IMPORT_MESSAGES.FORMATO, { file: IMPORT_MESSAGES.FORMATO });
      const filas = await readArchivo(formato, buf);
      const confirmar = request.query.confirmar === 'true';
      const data = await importParcelas(app.db, signedInUser(request), formato, filas, confirmar, app.clock.now());
      const message = confirmar
        ? data.creadas
          ? IMPORT_MESSAGES.CREADAS(data.creadas)
          : IMPORT_MESSAGES.NADA_QUE_CREAR
        : IMPORT_MESSAGES.ANALIZADO(data.validas, data.errores);
      return { success: true as const, data, message };
    },
  );
  route(
    app,
    FINCAS_API.mias,
    { onRequest: requireProductorWithPerfil, schema: { response: { 200: FincasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: { fincas: await listFincas(app.db, signedInUser(request).id) } };
    },
  );

  route(
    app,
    FINCAS_API.crear,
    {
      onRequest: requireProductorWithPerfil,
      schema: { body: FincaInputSchema, response: { 201: FincaResponseSchema } },
    },
    async (request, reply) => {
      const finca = await createFinca(app.db, signedInUser(request), request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data: { finca }, message: FINCA_MESSAGES.CREATED });
    },
  );

  route(
    app,
    FINCAS_API.crearPropia,
    { onRequest: requireProductorWithPerfil, schema: { response: { 201: FincaResponseSchema } } },
    async (request, reply) => {
      const finca = await createFincaPropia(app.db, signedInUser(request), app.clock.now());
      return reply.status(201).send({ success: true as const, data: { finca }, message: FINCA_MESSAGES.PROPIA_CREADA });
    },
  );

  route(
    app,
    FINCAS_API.actualizar,
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, body: FincaInputSchema, response: { 200: FincaResponseSchema } },
    },
    async (request) => {
      const id = fincaId(request.params.id);
      const finca = await updateFinca(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { finca }, message: FINCA_MESSAGES.UPDATED };
    },
  );

  route(
    app,
    FINCAS_API.eliminar,
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, response: { 200: FincaDeletedResponseSchema } },
    },
    async (request) => {
      const id = await deleteFinca(app.db, signedInUser(request).id, fincaId(request.params.id));
      return { success: true as const, data: { id }, message: FINCA_MESSAGES.DELETED };
    },
  );

  route(
    app,
    FINCAS_API.fijarDeLote,
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, body: LoteFincasInputSchema, response: { 200: LoteFincasResponseSchema } },
    },
    async (request) => {
      const id = idOr404(request.params.id, LOTE_NOT_FOUND);
      const fincas = await setLoteFincas(app.db, signedInUser(request).id, id, request.body.fincaIds, LOTE_NOT_FOUND);
      return { success: true as const, data: { fincas }, message: FINCA_MESSAGES.LOTE_FINCAS };
    },
  );

  route(
    app,
    FINCAS_API.deLote,
    { schema: { params: IdParams, response: { 200: FincasResponseSchema } } },
    async (request, reply) => {
      const id = idOr404(request.params.id, LOTE_NOT_FOUND);
      const viewer = await optionalUser(request);
      reply.header('cache-control', 'no-cache');
      return {
        success: true as const,
        data: { fincas: await fincasDeLotePublico(app.db, id, viewer?.id, LOTE_NOT_FOUND) },
      };
    },
  );

  route(
    app,
    FINCAS_API.deProductor,
    { schema: { params: IdParams, response: { 200: FincasResponseSchema } } },
    async (request, reply) => {
      const id = idOr404(request.params.id, PRODUCTOR_NOT_FOUND);
      await assertPublicProductor(app.db, id);
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { fincas: await listFincas(app.db, id) } };
    },
  );

  route(
    app,
    FINCAS_API.adjuntarEvidencia,
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, body: EvidenciaInputSchema, response: { 201: EvidenciaResponseSchema } },
    },
    async (request, reply) => {
      const id = fincaId(request.params.id);
      const evidencia = await createEvidencia(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return reply
        .status(201)
        .send({ success: true as const, data: { evidencia }, message: FINCA_MESSAGES.EVIDENCIA_CREADA });
    },
  );

  // A plot's evidence: its producer, the buyers of his orders and Cereza's operator; anyone else 404.
  route(
    app,
    FINCAS_API.evidencias,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: EvidenciasResponseSchema } } },
    async (request, reply) => {
      const id = fincaId(request.params.id);
      reply.header('cache-control', 'private, no-store');
      const evidencias = await evidenciasDeFinca(app.db, signedInUser(request), id);
      return { success: true as const, data: { evidencias } };
    },
  );
};
