import { deflateSync, crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResponseSchema } from '../../../contract/lotes';
import { imagenes } from '../../db/schema/imagenes';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { imageQueue, processImage } from './image';

let ctx: TestContext;
let productor: TestUser;
let comprador: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  comprador = await createUser(ctx, 'COMPRADOR');
});
afterAll(() => ctx.close());

function multipartBody(filename: string, contentType: string, data: Buffer) {
  const boundary = `----cereza${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(user: TestUser | undefined, filename: string, contentType: string, data: Buffer) {
  const body = multipartBody(filename, contentType, data);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...(user ? bearer(user) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The stored bytes behind an address, from whichever store the app uses (a folder, or a bucket with TEST_STORAGE=s3). */
async function stored(url: string): Promise<Buffer> {
  const data = await ctx.app.storage.get(ctx.app.storage.keyFromUrl(url)!);
  if (!data) throw new Error(`nothing stored at ${url}`);
  return data;
}

/** A syntactically valid PNG whose header declares width × height; the pixel data is a few bytes. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } });

describe('POST /api/uploads', () => {
  it('needs a signed-in user', async () => {
    const res = await upload(undefined, 'a.png', 'image/png', await photo(10, 10).png().toBuffer());
    expect(res.statusCode).toBe(401);
  });

  it('stores a JPEG as WebP in three sizes under the user folder, with a row in imagenes', async () => {
    const jpeg = await photo(2000, 1000).jpeg().toBuffer();
    const res = await upload(comprador, '../../etc/passwd.jpg', 'image/jpeg', jpeg);
    expect(res.statusCode).toBe(201);
    const { data } = UploadResponseSchema.parse(json(res));
    expect(data.url).toBe(data.urls.lg);
    expect({ width: data.width, height: data.height }).toEqual({ width: 1600, height: 800 });
    for (const [size, width] of [
      ['sm', 400],
      ['md', 800],
      ['lg', 1600],
    ] as const) {
      expect(data.urls[size]).toMatch(new RegExp(`^/uploads/u/${comprador.id}/[0-9a-f]{32}-${size}\\.webp$`));
      const meta = await sharp(await stored(data.urls[size])).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
    expect(data.bytes).toBe((await stored(data.urls.lg)).length);
    const [row] = await ctx.app.db.select().from(imagenes).where(eq(imagenes.id, data.id));
    expect(row).toMatchObject({ ownerId: comprador.id, width: 1600, height: 800, urls: data.urls });
    // The stored file is served.
    const served = await ctx.app.inject({ method: 'GET', url: data.urls.sm });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/webp');
  });

  it('never enlarges a small image', async () => {
    const res = await upload(productor, 'mini.webp', 'image/webp', await photo(300, 200).webp().toBuffer());
    expect(res.statusCode).toBe(201);
    const { data } = json(res);
    expect({ width: data.width, height: data.height }).toEqual({ width: 300, height: 200 });
    expect((await sharp(await stored(data.urls.sm)).metadata()).width).toBe(300);
  });

  it('strips EXIF and GPS, and applies the orientation first', async () => {
    const jpeg = await photo(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Cámara de prueba', Copyright: 'Finca La Esperanza' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 51/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '76/1 3/1 0/1' },
      })
      .toBuffer();
    const rotated = await sharp(jpeg).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const inMeta = await sharp(rotated).metadata();
    expect(inMeta.exif).toBeDefined();
    // The upload really carries the metadata we expect to disappear (GPS block included: 0x8825 is its tag).
    expect(inMeta.exif!.includes(Buffer.from('Finca La Esperanza'))).toBe(true);
    expect(inMeta.exif!.includes(Buffer.from([0x88, 0x25])) || inMeta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(
      true,
    );
    expect(inMeta.orientation).toBe(6);

    const res = await upload(productor, 'foto.jpg', 'image/jpeg', rotated);
    expect(res.statusCode).toBe(201);
    const { data } = json(res);
    for (const url of Object.values(data.urls) as string[]) {
      const file = await stored(url);
      const meta = await sharp(file).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.orientation ?? 1, url).toBe(1);
      expect(file.includes(Buffer.from('Finca La Esperanza')), url).toBe(false);
    }
    // Orientation 6 turns the 400×200 picture upright as 200×400.
    expect({ width: data.width, height: data.height }).toEqual({ width: 200, height: 400 });
  });

  it('refuses an HTML file renamed to .jpg with 415', async () => {
    const res = await upload(
      productor,
      'foto.jpg',
      'image/jpeg',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
    );
    expect(res.statusCode).toBe(415);
    expect(json(res).error.message).toBe('Solo se admiten imágenes JPEG, PNG o WebP.');
  });

  it('refuses SVG with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const res = await upload(productor, 'logo.svg', 'image/svg+xml', svg);
    expect(res.statusCode).toBe(415);
    const disguised = await upload(productor, 'logo.png', 'image/png', svg);
    expect(disguised.statusCode).toBe(415);
  });

  it('refuses a file with image magic bytes but broken content with 415', async () => {
    const res = await upload(
      productor,
      'roto.jpg',
      'image/jpeg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
    );
    expect(res.statusCode).toBe(415);
    expect(json(res).error.message).toBe('No se pudo leer la imagen. Prueba con otro archivo.');
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(productor, 'grande.jpg', 'image/jpeg', big);
    expect(res.statusCode).toBe(413);
    expect(json(res).error.message).toBe('La imagen supera el máximo de 10 MB.');
  });

  it('refuses a pixel bomb (a small PNG that declares 50000×50000) with 413', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload(productor, 'bomba.png', 'image/png', bomb);
    expect(res.statusCode).toBe(413);
    expect(json(res).error.message).toBe('La imagen tiene demasiados píxeles (máximo 25 megapíxeles).');
    await expect(processImage(bomb)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('refuses a request without a file or that is not multipart', async () => {
    const json415 = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: bearer(productor),
      payload: { url: 'x' },
    });
    expect(json415.statusCode).toBe(415);
    const boundary = '----vacio';
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(productor), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="campo"\r\n\r\nvalor\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe('Adjunta una imagen.');
  });

  it('answers 400, not 500, to a multipart body without a boundary or with a truncated part', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(productor), 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(json(noBoundary).error.message).toMatch(/formulario|imagen/i);
    const whole = multipartBody('a.png', 'image/png', png);
    const truncated = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...bearer(productor), 'content-type': whole.contentType },
      // The file's part never ends: the closing boundary is cut off.
      payload: whole.payload.subarray(0, whole.payload.length - 40),
    });
    expect(truncated.statusCode).toBe(400);
    expect(json(truncated).error.message).toMatch(/formulario|imagen/i);
  });

  it('decodes images through a bounded queue: when it is full an upload answers 503 with Retry-After', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = new Error('lleno');
    const holders = Array.from({ length: imageQueue.concurrency + imageQueue.maxWaiting }, () =>
      imageQueue.run(
        () => gate,
        () => busy,
      ),
    );
    expect(imageQueue.full).toBe(true);
    const res = await upload(productor, 'a.png', 'image/png', png);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(json(res).error.message).toBe(
      'Ahora mismo hay muchas imágenes en proceso. Vuelve a intentarlo en unos segundos.',
    );
    release();
    await Promise.all(holders);
    expect((await upload(productor, 'a.png', 'image/png', png)).statusCode).toBe(201);
  });
});
