import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One word for one thing in what users read (issue 32): a free sample is "sin costo", and costs are "costos", as in
 * the guides ("Plazos y costos"); "sin coste" / "costes" had crept into some screens. Every source file the web,
 * the server (e-mails, PDFs, messages) and the contract ship is read; an identifier with a hyphen (an anchor such
 * as "plazos-y-costes") is not text and is left alone.
 */
const raiz = path.resolve(__dirname, '..');
const fuentes = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return fuentes(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

const COSTE = /(?<![-\w])costes?(?![-\w])/giu;

describe('the same words everywhere', () => {
  const archivos = ['web', 'server', 'contract'].flatMap((d) => fuentes(path.join(raiz, d)));

  it('reads the sources it checks, among them the screens that say "sin costo"', () => {
    expect(archivos.length).toBeGreaterThan(100);
    const conSinCosto = archivos.filter((f) => /sin costo/iu.test(readFileSync(f, 'utf8')));
    expect(conSinCosto.map((f) => path.relative(raiz, f))).toContain('web/features/muestras/parts.tsx');
  });

  it('"costo", never "coste"', () => {
    const usos = archivos.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((linea, i) => (linea.match(COSTE) ? [`${path.relative(raiz, f)}:${i + 1}: ${linea.trim()}`] : [])),
    );
    expect(usos).toEqual([]);
  });
});
