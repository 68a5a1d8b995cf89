import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, UploadResponseSchema } from '../../../contract/lotes';
import { requireUser, signedInUser } from '../../auth/guards';
import { HttpError, badRequest } from '../../errors';
import { storeUpload } from './service';

/** POST /api/uploads: one image, multipart (the body is read here, part by part, so it declares no body schema). */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so that only this route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
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
      let buf: Buffer;
      try {
        const file = await request.file();
        if (!file)
          throw badRequest('VALIDATION_ERROR', UPLOAD_MESSAGES.SIN_ARCHIVO, { file: UPLOAD_MESSAGES.SIN_ARCHIVO });
        buf = await file.toBuffer();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.DEMASIADO_GRANDE);
        }
        // Not multipart at all (415), too many parts or fields (413): the error handler words those.
        const status = (err as { statusCode?: number }).statusCode;
        if (status && status < 500) throw err;
        // The client's multipart is broken (no boundary, a part cut off): the parser's plain Error, a 400.
        throw badRequest('VALIDATION_ERROR', UPLOAD_MESSAGES.FORMULARIO_MAL_FORMADO, {
          file: UPLOAD_MESSAGES.FORMULARIO_MAL_FORMADO,
        });
      }
      const data = await storeUpload(app.db, app.storage, user.id, buf);
      return reply.status(201).send({ success: true, data });
    },
  );
};
