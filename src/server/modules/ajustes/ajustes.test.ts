import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJUSTES, DireccionLaboratorioResponseSchema } from '../../../contract/ajustes';
import { ajustes } from '../../db/schema/ajustes';
import { createTestApp, json, type TestContext } from '../../test/helpers';
import { getDireccionLaboratorio, setDireccionLaboratorio } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const read = async () =>
  DireccionLaboratorioResponseSchema.parse(
    json(await ctx.app.inject({ method: 'GET', url: '/api/ajustes/direccion-laboratorio' })),
  ).data.direccion;

describe('the lab’s address, an operator setting (issue 25 §3)', () => {
  it('reads its default until an operator sets it; then everyone reads the new one', async () => {
    expect(await read()).toEqual(AJUSTES.direccionLaboratorio.porDefecto);
    const nueva = {
      nombre: 'Cereza · Laboratorio',
      linea1: 'Avenida del Puerto 300',
      codigoPostal: '46023',
      ciudad: 'Valencia',
      pais: 'ES',
      indicaciones: 'Bolsa de 300 g con el código del lote.',
    };
    const guardada = await setDireccionLaboratorio(ctx.app.db, nueva);
    expect(guardada).toMatchObject({ ...nueva, linea2: '', telefono: '' });
    expect(await read()).toEqual(guardada);
    expect(await getDireccionLaboratorio(ctx.app.db)).toEqual(guardada);
    // A second write replaces the row (one per key).
    await setDireccionLaboratorio(ctx.app.db, { ...nueva, ciudad: 'Paterna' });
    expect((await read()).ciudad).toBe('Paterna');
    expect(await ctx.app.db.select().from(ajustes)).toHaveLength(1);
  });

  it('refuses a bad address with Spanish messages and keeps the stored one', async () => {
    const antes = await read();
    await expect(
      setDireccionLaboratorio(ctx.app.db, { nombre: '', linea1: 'x', ciudad: 'Valencia', pais: 'España' }),
    ).rejects.toThrow(/Falta el destinatario|Elige un país/);
    expect(await read()).toEqual(antes);
  });

  it('a stored value that no longer parses reads as the default, never a 500', async () => {
    await ctx.app.db.update(ajustes).set({ valor: { roto: true } });
    expect(await read()).toEqual(AJUSTES.direccionLaboratorio.porDefecto);
  });
});
