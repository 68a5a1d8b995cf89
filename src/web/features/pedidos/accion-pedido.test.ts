import { describe, expect, it } from 'vitest';
import { PedidoAccionSchema } from '../../../contract/pedidos';
import { memberOf } from '../../lib/form-schema';

/*
 * The order's reason-only actions share one form (accion-pedido.tsx MotivoSchema: CANCELAR's reason with the action
 * chosen): it is their form only while the contract gives the three the same reason.
 */
describe("the order's reason-only actions", () => {
  it('give the reason the same rule and messages', () => {
    const motivos = ['', '   ', 'Sin stock', 'x'.repeat(500), 'x'.repeat(501), 'a\u0000b'];
    const answers = (accion: 'CANCELAR' | 'PEDIR_CANCELACION' | 'RECHAZAR_PSS') =>
      motivos.map((m) => {
        const r = memberOf(PedidoAccionSchema, accion).shape.motivo.safeParse(m);
        return r.success ? { ok: r.data } : { error: r.error.issues.map((i) => i.message) };
      });
    expect(answers('CANCELAR')[0]).toEqual({ error: [expect.stringContaining('motivo')] });
    expect(answers('PEDIR_CANCELACION')).toEqual(answers('CANCELAR'));
    expect(answers('RECHAZAR_PSS')).toEqual(answers('CANCELAR'));
  });
});
