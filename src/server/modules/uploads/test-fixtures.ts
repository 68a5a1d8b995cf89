import { randomUUID } from 'node:crypto';
import { bearer, type TestContext } from '../../test/helpers';

/** A minimal PDF the documents' upload takes (it checks the file's signature, not its pages). */
export const PDF_MINIMO = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** `POST /api/uploads/documentos` with one PDF, as the browser's form sends it; answers the raw response. */
export function postDocumento(
  ctx: TestContext,
  user: { token: string },
  filename = 'documento.pdf',
  data: Buffer = PDF_MINIMO,
) {
  const boundary = `----cereza${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads/documentos',
    headers: { ...bearer(user), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
