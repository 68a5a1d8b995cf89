import { ERRORS } from '../../contract/errors';
import {
  DOCUMENTO_MAX_BYTES,
  DOCUMENTO_MESSAGES,
  DOCUMENTO_TYPES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_TYPES,
  type DocumentoResponse,
  type DocumentoResult,
  type UploadResponse,
  type UploadResult,
} from '../../contract/lotes';
import { API } from '../../contract/paths';
import { ApiError, readAnswer, type ApiEnvelope } from './api';
import { session } from './session';

/** What the file picker offers: the types the server accepts. */
export const UPLOAD_ACCEPT = UPLOAD_TYPES.join(',');

/**
 * The server's own refusal for a file it would refuse anyway (type, size), said before the bytes are sent. The
 * server still checks the real type from the bytes.
 */
export function uploadProblem(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.TIPO_NO_ADMITIDO;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.DEMASIADO_GRANDE;
  return null;
}

export interface UploadOptions {
  /** Told the fraction sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * One image to POST /api/uploads (multipart field "file"); the server re-encodes it in three sizes. Sent with
 * XMLHttpRequest, the only browser API that reports upload progress; the answer goes through the API client's
 * readAnswer (token, refreshed token, session end, Spanish errors) like every other call.
 */
export function uploadImage(file: File, opts: UploadOptions = {}): Promise<UploadResult> {
  const problem = uploadProblem(file);
  if (problem) return Promise.reject(new ApiError(400, 'VALIDATION_ERROR', problem));
  return postFile<UploadResponse>(API.uploads, file, opts);
}

/** What the PDF picker offers. */
export const DOCUMENTO_ACCEPT = [...DOCUMENTO_TYPES, '.pdf'].join(',');

/** One PDF for a message to POST /api/uploads/documentos, stored as sent (the server checks its first bytes). */
export function uploadDocumento(file: File, opts: UploadOptions = {}): Promise<DocumentoResult> {
  if (file.type && !(DOCUMENTO_TYPES as readonly string[]).includes(file.type))
    return Promise.reject(new ApiError(400, 'VALIDATION_ERROR', DOCUMENTO_MESSAGES.NO_ES_PDF));
  if (file.size > DOCUMENTO_MAX_BYTES)
    return Promise.reject(new ApiError(400, 'VALIDATION_ERROR', DOCUMENTO_MESSAGES.DEMASIADO_GRANDE));
  return postFile<DocumentoResponse>(API.documentos, file, opts);
}

function postFile<R extends { data: unknown }>(url: string, file: File, opts: UploadOptions): Promise<R['data']> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    const token = session.get().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: ApiEnvelope;
      try {
        data = JSON.parse(xhr.responseText) as ApiEnvelope;
      } catch {
        reject(new ApiError(xhr.status, 'INVALID_RESPONSE', ERRORS.INVALID_RESPONSE));
        return;
      }
      try {
        const answer = readAnswer<R>(xhr.status, data, { sendAuth: !!token });
        opts.onProgress?.(1);
        resolve(answer.data);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', ERRORS.NETWORK_ERROR));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
