import { describe, expect, it } from 'vitest';
import { clampProgress } from './toast';
import { shouldReload, CHUNK_RELOAD_GUARD_MS, isChunkLoadError } from './chunk-reload';
import { resolveMode } from './color-mode';
import { displayName, isRol } from '../../contract/roles';
import { formatPrecioKg, formatMesYear } from './format';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('toast progress', () => {
  it('is clamped between 0 and 1', () => {
    expect(clampProgress(-0.5)).toBe(0);
    expect(clampProgress(1.7)).toBe(1);
    expect(clampProgress(0.25)).toBe(0.25);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});

describe('chunk reload guard', () => {
  it('reloads at most once per 10 seconds per path', () => {
    const s = memoryStorage();
    expect(shouldReload('/lotes', 1000, s)).toBe(true);
    expect(shouldReload('/lotes', 1000 + CHUNK_RELOAD_GUARD_MS - 1, s)).toBe(false);
    expect(shouldReload('/about', 1500, s)).toBe(true);
    expect(shouldReload('/lotes', 1000 + CHUNK_RELOAD_GUARD_MS + 1, s)).toBe(true);
  });
  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});

describe('colour mode', () => {
  it('follows the preference, and the system for "system"', () => {
    expect(resolveMode('system', true)).toBe('dark');
    expect(resolveMode('system', false)).toBe('light');
    expect(resolveMode('light', true)).toBe('light');
    expect(resolveMode('dark', false)).toBe('dark');
  });
});

describe('users', () => {
  it('shows name, else nombre + apellido, else nombre, else the e-mail', () => {
    expect(displayName({ name: 'Cafés Ruiz', nombre: 'Ana', apellido: 'Ruiz', email: 'a@x.es' })).toBe('Cafés Ruiz');
    expect(displayName({ name: '', nombre: 'Ana', apellido: 'Ruiz', email: 'a@x.es' })).toBe('Ana Ruiz');
    expect(displayName({ name: '', nombre: 'Ana', apellido: '', email: 'a@x.es' })).toBe('Ana');
    expect(displayName({ name: '', nombre: '', apellido: '', email: 'a@x.es' })).toBe('a@x.es');
  });
  it('accepts only productor and comprador as account types', () => {
    expect(isRol('productor')).toBe(true);
    expect(isRol('comprador')).toBe(true);
    expect(isRol('PRODUCTOR')).toBe(false);
    expect(isRol('admin')).toBe(false);
  });
});

describe('Spanish formats', () => {
  it('formats prices and harvest months for es', () => {
    expect(formatPrecioKg(1234.5)).toBe('1.234,50 USD/kg');
    expect(formatMesYear('2026-03')).toBe('marzo de 2026');
  });
});
