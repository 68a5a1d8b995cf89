import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentoResponseSchema } from '../../contract/lotes';
import { productorPerfiles } from '../db/schema';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../test/helpers';
import { startTestS3, type TestS3 } from '../test/s3';
import { uploadPhoto } from '../modules/lotes/test-fixtures';
import { loadConfig } from '../config';
import { S3Storage } from './s3';

/*
 * Two replicas (two apps on one database, each with its own DATA_DIR as on two machines) on one bucket of an
 * S3-compatible server started here (issue 31: a photo uploaded through the proxy was 9/9 on the replica that took
 * it, 0/9 on the other; a deleted account's files survived on the other replica).
 */

let s3: TestS3;
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  s3 = await startTestS3();
  const bucket = await s3.newStorage();
  a = await createTestApp({}, { storage: bucket });
  // One signing key, as every replica shares (docs/decisions/041).
  b = await createTestApp(
    { jwtSecret: a.config.jwtSecret },
    { sameDatabaseAs: a, storage: new S3Storage(bucket.settings) },
  );
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function uploadDocumento(ctx: TestContext, u: TestUser) {
  const boundary = `----cereza${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contrato.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads/documentos',
    headers: { ...bearer(u), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }) : []);

async function keysInBucket(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of a.app.storage.list()) keys.push(key);
  return keys;
}

describe('files in an S3-compatible bucket', () => {
  it('an image uploaded to one replica is served by the other, public and cached for a year', async () => {
    const productor = await createUser(a, 'PRODUCTOR', { perfil: true });
    const foto = await uploadPhoto(a, productor, 800, 600);
    for (const url of Object.values(foto.urls)) {
      expect(url).toMatch(/^\/uploads\/u\/[0-9a-f-]+\/.+\.webp$/);
      for (const replica of [a, b]) {
        const res = await replica.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
        const again = await replica.app.inject({ method: 'GET', url, headers: { 'if-none-match': res.headers.etag } });
        expect(again.statusCode).toBe(304);
      }
    }
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining(Object.values(foto.urls).map((u) => u.slice('/uploads/'.length))),
    );
    // Nothing on either replica's disk.
    expect(filesUnder(a.config.uploadsDir)).toEqual([]);
    expect(filesUnder(b.config.uploadsDir)).toEqual([]);
    expect((await b.app.inject({ method: 'GET', url: '/uploads/u/nadie/nada.webp' })).statusCode).toBe(404);
  });

  it('a private PDF is never under /uploads/, and is read through either replica with a party’s signed link only', async () => {
    const comprador = await createUser(a, 'COMPRADOR', { perfil: true });
    const res = await uploadDocumento(a, comprador);
    expect(res.statusCode, res.body).toBe(201);
    const doc = DocumentoResponseSchema.parse(json(res)).data;
    expect(doc.url).toMatch(/^\/api\/archivos\/u\/[0-9a-f-]+\/[0-9a-f]{32}\.pdf\?exp=\d+&sig=[\w-]+$/);
    const key = `privado/${doc.url.split('?')[0].slice('/api/archivos/'.length)}`;
    expect(await keysInBucket()).toContain(key);

    const served = await b.app.inject({ method: 'GET', url: doc.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, no-store');

    // Unsigned, tampered, or asked for as a public file: refused, on both replicas.
    const bare = doc.url.split('?')[0];
    for (const replica of [a, b]) {
      expect((await replica.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
      expect((await replica.app.inject({ method: 'GET', url: doc.url.replace(/sig=./, 'sig=x') })).statusCode).toBe(
        404,
      );
      expect((await replica.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
      expect(
        (await replica.app.inject({ method: 'GET', url: `/uploads/${key.slice('privado/'.length)}` })).statusCode,
      ).toBe(404);
    }
  });

  it('deleting an account on one replica removes its personal images from the bucket for both', async () => {
    const productor = await createUser(a, 'PRODUCTOR', { perfil: true });
    const avatar = await uploadPhoto(a, productor, 64, 64);
    await a.app.db
      .update(productorPerfiles)
      .set({ avatar: avatar.urls.sm })
      .where(eq(productorPerfiles.userId, productor.id));
    expect((await b.app.inject({ method: 'GET', url: avatar.urls.sm })).statusCode).toBe(200);
    const del = await b.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(productor),
      payload: { password: productor.password },
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const url of Object.values(avatar.urls)) {
      for (const replica of [a, b]) expect((await replica.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect(await keysInBucket()).not.toContain(url.slice('/uploads/'.length));
    }
  });
});

describe('the settings', () => {
  const base = { DATA_DIR: path.join(os.tmpdir(), `cereza-config-s3-${process.pid}`) };
  it('choose the bucket with S3_BUCKET, path-style for an endpoint of one’s own; the local folder without it', () => {
    expect(loadConfig({ ...base }).s3).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'cereza-fotos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'clave',
        S3_SECRET_ACCESS_KEY: 'secreto',
      }).s3,
    ).toEqual({
      bucket: 'cereza-fotos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'clave',
      secretAccessKey: 'secreto',
      forcePathStyle: true,
      prefix: '',
    });
    expect(loadConfig({ ...base, S3_BUCKET: 'cereza-fotos', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      forcePathStyle: false,
      endpoint: undefined,
    });
  });

  it('refuse half a configuration with a message naming the variable', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: falta el bucket/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'cereza-fotos', S3_ACCESS_KEY_ID: 'clave' })).toThrow(
      /S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'Cereza_Fotos' })).toThrow(/S3_BUCKET/);
  });
});
