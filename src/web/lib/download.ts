import { ERRORS } from '../../contract/errors';
import { API } from '../../contract/paths';
import { ApiError } from './api';
import { session } from './session';

/**
 * Downloads a file of our API (an invoice's PDF, the ledger's CSV, an order's documents): the call needs the
 * session's token, so a plain link cannot fetch it; the answer (after any redirect to the stored upload) is saved
 * through a temporary object URL under `nombre`. A refusal comes back as the API's own Spanish message.
 */
export async function download(path: string, nombre: string): Promise<void> {
  const token = session.get().token;
  let res: Response;
  try {
    res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', ERRORS.NETWORK_ERROR);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(res.status, 'DOWNLOAD', body?.error?.message ?? ERRORS.INVALID_RESPONSE);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An invoice's PDF, named after its number. */
export const pdfDeFactura = (f: { id: string; numero: string }) =>
  download(API.facturaPdf(f.id), `factura-${f.numero}.pdf`);
