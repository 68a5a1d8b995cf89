import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentoResponseSchema } from '../../../contract/lotes';
import { IMAGE_MESSAGES } from '../../../contract/images';
import { MensajeResponseSchema, MensajesResponseSchema } from '../../../contract/mensajes';
import { ManualClock } from '../../clock';
import { isPrivateKey } from '../../storage/index';
import { mensajes } from '../../db/schema/mensajes';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { loteBody, postLote, uploadPhoto } from '../lotes/test-fixtures';
import { postDocumento } from '../uploads/test-fixtures';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
});
afterAll(() => ctx.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

const uploadDocumento = (u: TestUser, data = pdf) => postDocumento(ctx, u, 'contrato.pdf', data);

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const key = () => ({ 'idempotency-key': randomUUID() });

async function conversacion() {
  const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  const lote = await postLote(ctx, productor);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/conversaciones',
    headers: { ...bearer(comprador), ...key() },
    payload: { productorId: productor.id, loteId: lote.id, texto: 'Hola' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { productor, comprador, id: json(res).data.conversacion.id as string };
}

/** Every public key of the store (a folder, or a bucket with TEST_STORAGE=s3). */
async function publicKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of ctx.app.storage.list()) if (!isPrivateKey(key)) keys.push(key);
  return keys;
}

describe('private files (issue 26: "Private files are public")', () => {
  it('a PDF is never a public file: its address is a signed, short-lived link served private and no-store', async () => {
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const res = await uploadDocumento(comprador);
    expect(res.statusCode, res.body).toBe(201);
    const doc = DocumentoResponseSchema.parse(json(res)).data;
    expect(doc.url).toMatch(new RegExp(`^/api/archivos/u/${comprador.id}/[0-9a-f]{32}\\.pdf\\?exp=\\d+&sig=[\\w-]+$`));
    // Nothing of it under the public folder.
    expect((await publicKeys()).filter((f) => f.endsWith('.pdf'))).toEqual([]);

    const served = await get(doc.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['content-security-policy']).toBe('sandbox');

    const bare = doc.url.split('?')[0];
    const sig = new URL(doc.url, 'http://x').searchParams.get('sig')!;
    const exp = new URL(doc.url, 'http://x').searchParams.get('exp')!;
    for (const url of [
      bare,
      `${bare}?exp=${exp}`,
      `${bare}?exp=${Number(exp) + 600}&sig=${sig}`,
      `${bare}?exp=${exp}&sig=${sig.slice(1)}A`,
      `${bare.replace(/\.pdf$/, '-x.pdf')}?exp=${exp}&sig=${sig}`,
      `/uploads/u/${comprador.id}/${bare.split('/').pop()}`,
    ]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      if (url.startsWith('/uploads/')) continue;
      expect(json(r).error.message).toBe(
        'El archivo no existe o el enlace caducó. Vuelve a abrir la conversación o el pedido para descargarlo.',
      );
    }
  });

  it('a link works for at least an hour and stops working after its expiry', async () => {
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const doc = DocumentoResponseSchema.parse(json(await uploadDocumento(comprador))).data;
    clock.advance(60 * 60 * 1000);
    expect((await get(doc.url)).statusCode).toBe(200);
    clock.advance(20 * 60 * 1000);
    expect((await get(doc.url)).statusCode).toBe(404);
  });

  it('a message carries private copies of its picture and its PDF: both parties get working links, nobody else a public one', async () => {
    const { productor, comprador, id } = await conversacion();
    const foto = await uploadPhoto(ctx, comprador, 800, 600);
    const conFoto = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${id}/mensajes`,
      headers: { ...bearer(comprador), ...key() },
      payload: { imagenId: foto.id },
    });
    expect(conFoto.statusCode, conFoto.body).toBe(201);
    const adjunto = MensajeResponseSchema.parse(json(conFoto)).data.mensaje.adjunto as { url: string; thumb: string };
    expect(adjunto.url).toMatch(/^\/api\/archivos\/u\/.+-lg\.webp\?exp=\d+&sig=/);
    expect(adjunto.thumb).toMatch(/^\/api\/archivos\/u\/.+-sm\.webp\?exp=\d+&sig=/);

    const hilo = MensajesResponseSchema.parse(
      json(
        await ctx.app.inject({ method: 'GET', url: `/api/conversaciones/${id}/mensajes`, headers: bearer(productor) }),
      ),
    ).data;
    const visto = hilo.mensajes.at(-1)!.adjunto as { url: string; thumb: string };
    for (const url of [visto.url, visto.thumb]) {
      const r = await get(url);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect(r.headers['cache-control']).toBe('private, no-store');
    }
    // The stored message holds the plain private address, never a public one.
    const [row] = await ctx.app.db
      .select()
      .from(mensajes)
      .where(eq(mensajes.conversacionId, id))
      .orderBy(mensajes.numero);
    expect(JSON.stringify(row)).not.toContain('/uploads/');
  });

  it('a PDF sent before private files existed (a public /uploads address in the record) is read through a signed link', async () => {
    const { productor, comprador, id } = await conversacion();
    const legacyKey = `u/${comprador.id}/${randomBytes(16).toString('hex')}.pdf`;
    await ctx.app.storage.put(legacyKey, pdf, 'application/pdf');
    const legacyUrl = `/uploads/${legacyKey}`;
    await ctx.app.db
      .update(mensajes)
      .set({ adjunto: { tipo: 'pdf', url: legacyUrl, nombre: 'viejo.pdf', bytes: pdf.length } })
      .where(eq(mensajes.conversacionId, id));
    expect((await get(legacyUrl)).statusCode).toBe(404);
    const hilo = MensajesResponseSchema.parse(
      json(
        await ctx.app.inject({ method: 'GET', url: `/api/conversaciones/${id}/mensajes`, headers: bearer(productor) }),
      ),
    ).data;
    const url = (hilo.mensajes[0].adjunto as { url: string }).url;
    expect(url).toMatch(new RegExp(`^/api/archivos/${legacyKey.replace(/\./g, '\\.')}\\?exp=`));
    const r = await get(url);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(pdf)).toBe(true);
  });
});

describe('image fields accept only the caller’s own image uploads (issue 26)', () => {
  const putPerfil = (u: TestUser, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/comprador/perfil', headers: bearer(u), payload });

  it('another user’s PDF, another user’s image or a file never uploaded is a 400 in Spanish; one’s own image goes', async () => {
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const suPdf = DocumentoResponseSchema.parse(json(await uploadDocumento(otro))).data;
    const suFoto = await uploadPhoto(ctx, otro, 300, 300);
    const miFoto = await uploadPhoto(ctx, comprador, 300, 300);
    for (const avatar of [
      `/uploads/${suPdf.url.split('?')[0].replace('/api/archivos/', '')}`,
      suFoto.urls.sm,
      `/uploads/u/${comprador.id}/${randomBytes(16).toString('hex')}-sm.webp`,
      `/uploads/u/${comprador.id}/x.pdf`,
    ]) {
      const res = await putPerfil(comprador, { avatar });
      expect(res.statusCode, avatar).toBe(400);
      expect(json(res).error.fields).toEqual({ avatar: IMAGE_MESSAGES.NOT_OWN });
    }
    const ok = await putPerfil(comprador, { avatar: miFoto.urls.sm });
    expect(ok.statusCode, ok.body).toBe(200);
  });
  it('a lot photo and a producer’s profile pictures set to another user’s upload are a 400 in Spanish naming the field', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const suFoto = await uploadPhoto(ctx, otro, 1200, 600);
    const miFoto = await uploadPhoto(ctx, productor, 1200, 600);

    const ajena = { url: suFoto.urls.lg, thumb: suFoto.urls.sm, alt: 'Granos' };
    const lote = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(productor),
      payload: loteBody({ galeriaLote: [ajena] }),
    });
    expect(lote.statusCode, lote.body).toBe(400);
    expect(json(lote).error.fields).toEqual({
      'galeriaLote.0.url': IMAGE_MESSAGES.NOT_OWN,
      'galeriaLote.0.thumb': IMAGE_MESSAGES.NOT_OWN,
    });
    const mio = await postLote(ctx, productor, {
      galeriaLote: [{ url: miFoto.urls.lg, thumb: miFoto.urls.sm, alt: 'Granos' }],
    });
    const cambio = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${mio.id}`,
      headers: bearer(productor),
      payload: loteBody({ galeriaLote: [{ url: miFoto.urls.lg, thumb: suFoto.urls.sm, alt: 'Granos' }] }),
    });
    expect(cambio.statusCode, cambio.body).toBe(400);
    expect(json(cambio).error.fields).toEqual({ 'galeriaLote.0.thumb': IMAGE_MESSAGES.NOT_OWN });

    const putPerfil = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/productor/perfil', headers: bearer(productor), payload });
    for (const [payload, field] of [
      [{ avatar: suFoto.urls.sm }, 'avatar'],
      [{ portada: suFoto.urls.lg }, 'portada'],
      [{ imagenes: [miFoto.urls.md, suFoto.urls.md] }, 'imagenes.1'],
    ] as const) {
      const res = await putPerfil(payload);
      expect(res.statusCode, field).toBe(400);
      expect(json(res).error.fields).toEqual({ [field]: IMAGE_MESSAGES.NOT_OWN });
      expect(IMAGE_MESSAGES.NOT_OWN).toMatch(/^Usa una imagen que hayas subido tú/);
    }
    const perfil = await ctx.app.inject({ method: 'GET', url: '/api/productor/perfil', headers: bearer(productor) });
    expect(perfil.statusCode, perfil.body).toBe(200);
    expect(perfil.body).not.toContain(otro.id);
    const ok = await putPerfil({ avatar: miFoto.urls.sm, portada: miFoto.urls.lg, imagenes: [miFoto.urls.md] });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
