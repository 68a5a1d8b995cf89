import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PAISES } from '../../contract/lotes-codes';
import { Bandera } from './bandera';

// What vite.config.ts flagIcons copies to /flags/.
const flagFile = (code: string) => path.resolve('node_modules/flag-icons/flags/4x3', `${code.toLowerCase()}.svg`);

describe('Bandera (issue 32: flags as images, not emoji)', () => {
  it('is an image of /flags/<code>.svg, decorative (the name is written beside it), and nothing for an unknown code', () => {
    expect(renderToStaticMarkup(<Bandera pais="CO" />)).toMatch(/^<img src="\/flags\/co\.svg" alt=""/);
    expect(renderToStaticMarkup(<Bandera pais="C0" />)).toBe('');
  });

  it('has an SVG in the flag-icons package for every country the app names', () => {
    for (const p of PAISES) {
      const file = flagFile(p.code);
      expect(existsSync(file), p.code).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('<svg');
    }
  });
});
