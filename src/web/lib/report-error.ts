import type { ClientErrorReport } from '../../contract/health';

/** Sends a client-side error to the server log (best effort, never throws; keepalive survives a page unload). */
export function reportError(message: string, fatal: boolean) {
  try {
    const report: ClientErrorReport = { message: message.slice(0, 500), path: location.pathname.slice(0, 500), fatal };
    const body = JSON.stringify(report);
    void fetch('/api/client-errors', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => {});
  } catch {
    // reporting must never break the page
  }
}
