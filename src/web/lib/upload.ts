import type { UploadResponse, UploadResult } from '../../contract/lotes';
import { API } from '../../contract/paths';
import { api } from './api';

/** One image to POST /api/uploads (multipart field "file"); the server re-encodes it in three sizes. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  const r = await api<UploadResponse>(API.uploads, { method: 'POST', body: form });
  return r.data;
}
