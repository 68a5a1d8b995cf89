import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, exposeNodeEnv, loadConfig, parseEnv, tileHost } from './config';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cereza-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('configuration', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', DEMO_DATA: true, LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable when a value is bad', () => {
    expect(() => parseEnv({ PORT: 'tres mil' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'tres mil' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ DEMO_DATA: 'quizás' })).toThrow(/DEMO_DATA/);
    expect(() => parseEnv({ LOG_LEVEL: 'ruidoso' })).toThrow(/LOG_LEVEL/);
  });

  it('reads TRUST_PROXY as no hop, a count of proxies (true is one) or the proxies’ addresses, never every hop', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const bad of ['sí', '11', '10.0.0.0/33', '127.0.0.1,nginx', '-1']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: debe ser false, un número/);
    }
  });

  it('reads MAP_TILE_URL as a tile template or a data: image, and derives the CSP host from it (issue 30)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).mapa.teselas).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(tileHost('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileHost('http://127.0.0.1:8080/teselas/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    const blank = 'data:image/png;base64,iVBORw0KGgo=';
    expect(parseEnv({ MAP_TILE_URL: blank }).MAP_TILE_URL).toBe(blank);
    expect(tileHost(blank)).toBeNull();
    for (const bad of [
      'https://tile.example/mapa.png',
      'ftp://tile.example/{z}/{x}/{y}.png',
      'https://{z}.example/{x}/{y}.png',
      "https://x.example/{z}/{x}/{y}.png' https://evil.example",
      'data:text/html;base64,PHA+',
    ]) {
      expect(() => parseEnv({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL: debe ser una plantilla/);
    }
  });

  it('refuses a JWT_SECRET shorter than 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 'corto' })).toThrow(/JWT_SECRET/);
  });

  it('generates the signing secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(a.jwtSecret!).toString()).toBe(Buffer.from(b.jwtSecret!).toString());
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
  });

  it('on PostgreSQL without JWT_SECRET leaves the key to the database (no per-process secret file)', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' });
    expect(c.jwtSecret).toBeUndefined();
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    const given = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/x',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(Buffer.from(given.jwtSecret!).toString()).toBe('x'.repeat(32));
  });

  it('switches to PostgreSQL with a postgres:// URL and reads DEMO_DATA=false', () => {
    const c = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@127.0.0.1:5432/x', DEMO_DATA: 'false' });
    expect(c.databaseUrl).toBe('postgres://u@127.0.0.1:5432/x');
    expect(c.demoData).toBe(false);
  });

  it('reads the mail settings: .eml files without SMTP_URL, absolute links from PUBLIC_URL (default from the port)', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir, PORT: '5123' });
    expect(c.mail).toEqual({
      smtpUrl: undefined,
      from: 'Cereza <no-responder@localhost>',
      dir: path.join(dir, 'mail'),
    });
    expect(c.publicUrl).toBe('http://localhost:5123');
    const s = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: 'smtp://cereza:clave@mail.example:587',
      MAIL_FROM: 'Cereza <hola@cereza.example>',
      PUBLIC_URL: 'https://cereza.example/',
    });
    expect(s.mail.smtpUrl).toBe('smtp://cereza:clave@mail.example:587');
    expect(s.mail.from).toBe('Cereza <hola@cereza.example>');
    expect(s.publicUrl).toBe('https://cereza.example');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ PUBLIC_URL: 'cereza.example' })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://cereza.example' })).toThrow(/PUBLIC_URL/);
  });

  it('reads WEB_DIR as an absolute folder, and leaves it unset without one (main.ts then looks beside the build)', () => {
    expect(loadConfig({ DATA_DIR: tmp(), WEB_DIR: 'dist/web' }).webDir).toBe(path.resolve('dist/web'));
    expect(loadConfig({ DATA_DIR: tmp() }).webDir).toBeUndefined();
  });

  it('counts the request limits in Redis only when REDIS_URL is set, and keeps 3 releases of assets unless told', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).redis).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      prefix: 'cereza:',
    });
    expect(loadConfig({ DATA_DIR: tmp(), REDIS_URL: 'rediss://r.example:6380', REDIS_PREFIX: 'prod:' }).redis).toEqual({
      url: 'rediss://r.example:6380',
      prefix: 'prod:',
    });
    expect(() => parseEnv({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ REDIS_PREFIX: 'con espacios' })).toThrow(/REDIS_PREFIX/);
    expect(loadConfig({ DATA_DIR: tmp() }).webReleasesKept).toBe(3);
    expect(loadConfig({ DATA_DIR: tmp(), WEB_RELEASES_KEPT: '5' }).webReleasesKept).toBe(5);
    expect(() => parseEnv({ WEB_RELEASES_KEPT: '0' })).toThrow(/WEB_RELEASES_KEPT/);
  });

  it('exposes the mode it settled on as NODE_ENV, for the libraries that read it themselves (React)', () => {
    const target: NodeJS.ProcessEnv = {};
    exposeNodeEnv(loadConfig({ DATA_DIR: tmp() }), target);
    expect(target.NODE_ENV).toBe('production');
    exposeNodeEnv(loadConfig({ DATA_DIR: tmp(), NODE_ENV: 'development' }), target);
    expect(target.NODE_ENV).toBe('development');
  });
});
