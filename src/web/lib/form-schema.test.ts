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
