/**
 * Idempotency-Key on the browser side (docs/decisions/012): one key per intended operation. The same body sent
 * again (a retry after a network error, a double click) reuses the key, so the server answers the first
 * response instead of doing it twice; a different body, or the same one after a success, gets a new key.
 *
 *   const keys = useRef(idempotencyKeys()).current;
 *   const res = await call(PEDIDOS_API.reservar, { body, idempotencyKey: keys.keyFor(body) });
 *   keys.done();
 */
export function idempotencyKeys() {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const fingerprint = JSON.stringify(body ?? null);
      if (!current || current.fingerprint !== fingerprint) current = { fingerprint, key: crypto.randomUUID() };
      return current.key;
    },
    /** The operation succeeded: the next one is another operation. */
    done(): void {
      current = null;
    },
  };
}
