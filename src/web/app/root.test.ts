import { describe, expect, it } from 'vitest';
import { shouldKeepScroll } from './root';

describe('scroll between routes', () => {
  it('keeps the position only between two producer profile routes', () => {
    expect(shouldKeepScroll('/perfil/abc', '/perfil/abc/Lotes')).toBe(true);
    expect(shouldKeepScroll('/perfil/abc/Lotes', '/perfil/abc/Noticias')).toBe(true);
    expect(shouldKeepScroll('/perfil/abc/Lotes', '/lote/1')).toBe(false);
    expect(shouldKeepScroll('/lotes', '/perfil/abc')).toBe(false);
  });
});
