import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formOf, memberOf } from './form-schema';

const Acciones = z.discriminatedUnion('accion', [
  z.object({ accion: z.literal('CONFIRMAR') }),
  z.object({ accion: z.literal('RECHAZAR'), motivo: z.string().trim().min(1, 'El motivo es obligatorio.') }),
  z.object({ accion: z.literal('PESAR'), kg: z.number({ error: 'Los kilos deben ser un número.' }).max(900) }),
]);

describe('memberOf', () => {
  it("gives the union's member for one discriminant, whose form parses with that member's messages", () => {
    const rechazo = formOf(memberOf(Acciones, 'RECHAZAR'));
    expect(rechazo.defaults()).toEqual({ accion: 'RECHAZAR', motivo: '' });
    const vacio = rechazo.schema.safeParse({ accion: 'RECHAZAR', motivo: '  ' });
    expect(vacio.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['motivo', 'El motivo es obligatorio.'],
    ]);
    expect(rechazo.paths).toEqual(['accion', 'motivo']);
  });

  it('reads the numbers of the member the Spanish way', () => {
    const peso = formOf(memberOf(Acciones, 'PESAR'));
    expect(peso.schema.parse({ accion: 'PESAR', kg: '69,5' })).toEqual({ accion: 'PESAR', kg: 69.5 });
  });

  it('refuses a value that is no member', () => {
    expect(() => memberOf(Acciones, 'OTRA' as 'PESAR')).toThrow(/not a member/);
  });
});

describe('formOf(...).resolver', () => {
  const Compra = z.object({
    sacos: z.number({ error: 'Indica cuántos sacos.' }).int().min(1, 'Indica al menos un saco.'),
    envio: z.object({ kg: z.number({ error: 'Indica los kilos.' }).max(10) }),
    nota: z.string().max(5, 'Como máximo 5 letras.'),
  });
  const form = formOf(Compra);
  const check = (values: Parameters<typeof form.resolver>[0]) =>
    form.resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("says why a typed number cannot be read, in the reading's words, beside the schema's other messages", async () => {
    const { errors } = await check({ sacos: '1,5', envio: { kg: '8.25' }, nota: 'demasiado' });
    expect(errors.sacos?.message).toBe('Aquí van números enteros, sin decimales.');
    expect(errors.envio?.kg?.message).toBe('Escribe los decimales con coma: 8,25.');
    expect(errors.nota?.message).toBe('Como máximo 5 letras.');
  });

  it("keeps the schema's message for what it can read, and gives the parsed values", async () => {
    expect((await check({ sacos: '0', envio: { kg: '' }, nota: '' })).errors).toMatchObject({
      sacos: { message: 'Indica al menos un saco.' },
      envio: { kg: { message: 'Indica los kilos.' } },
    });
    expect((await check({ sacos: '1.200', envio: { kg: '8,25' }, nota: 'ok' })).values).toEqual({
      sacos: 1200,
      envio: { kg: 8.25 },
      nota: 'ok',
    });
  });
});
