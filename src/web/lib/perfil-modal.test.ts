import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The browser's sessionStorage, as far as the module uses it. */
function fakeSessionStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('the complete-profile modal is put off for the session (issue 32)', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('once put off, a new page load of the same session does not show it again, until asked for', async () => {
    vi.stubGlobal('sessionStorage', fakeSessionStorage());
    const first = (await import('./perfil-modal')).perfilModal;
    expect(first.postponed).toBe(false);
    first.postpone();
    vi.resetModules();
    // A new page load: the module starts again and reads the session.
    const second = (await import('./perfil-modal')).perfilModal;
    expect(second.postponed).toBe(true);
    second.open();
    vi.resetModules();
    expect((await import('./perfil-modal')).perfilModal.postponed).toBe(false);
    vi.unstubAllGlobals();
  });

  it('without storage (private mode), it is put off until the page is reloaded', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    const { perfilModal } = await import('./perfil-modal');
    expect(perfilModal.postponed).toBe(false);
    perfilModal.postpone();
    expect(perfilModal.postponed).toBe(true);
    vi.unstubAllGlobals();
  });
});
