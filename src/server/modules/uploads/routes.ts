import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENTO_MAX_BYTES,
  DOCUMENTO_MESSAGES,
  DocumentoResponseSchema,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UploadResponseSchema,
} from '../../../contract/lotes';
import { requireUser, signedInUser } from '../../auth/guards';
import { HttpError, badRequest } from '../../errors';
import { storeDocumento, storeUpload } from './service';

/** The one file of a multipart body, read whole; the client's mistakes worded in `messages`. */
async function readFile(
  request: FastifyRequest,
  maxBytes: number,
  messages: { SIN_ARCHIVO: string; DEMASIADO_GRANDE: string },
): Promise<{ buf: Buffer; filename: string }> {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file) throw badRequest('VALIDATION_ERROR', messages.SIN_ARCHIVO, { file: messages.SIN_ARCHIVO });
    return { buf: await file.toBuffer(), filename: file.filename };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', messages.DEMASIADO_GRANDE);
    }
    // Not multipart at all (415), too many parts or fields (413): the error handler words those.
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    // The client's multipart is broken (no boundary, a part cut off): the parser's plain Error, a 400.
    throw badRequest('VALIDATION_ERROR', UPLOAD_MESSAGES.FORMULARIO_MAL_FORMADO, {
      file: UPLOAD_MESSAGES.FORMULARIO_MAL_FORMADO,
    });
  }
}

/**
 * POST /api/uploads: one image, multipart (the body is read here, part by part, so it declares no body schema).
 * POST /api/uploads/documentos: one PDF for a message, stored as sent.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so that only these routes accept multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(UPLOAD_MAX_BYTES, DOCUMENTO_MAX_BYTES),
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 100,
    },
  });

  app.post(
    '/uploads',
    // Re-encoding is CPU work: bound how often one client can ask for it.
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      onRequest: requireUser,
      schema: { response: { 201: UploadResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { buf } = await readFile(request, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES);
      const data = await storeUpload(app.db, app.storage, user.id, buf);
      return reply.status(201).send({ success: true, data });
    },
  );

  app.post(
    '/uploads/documentos',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      onRequest: requireUser,
      schema: { response: { 201: DocumentoResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { buf, filename } = await readFile(request, DOCUMENTO_MAX_BYTES, DOCUMENTO_MESSAGES);
      const data = await storeDocumento(app.db, app.storage, user.id, buf, filename);
      return reply.status(201).send({ success: true, data });
    },
  );
};
