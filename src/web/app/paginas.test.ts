import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGINAS, paginaMuestra, paginaPedido } from '../../contract/paginas';
import { privateRoutes } from './private-routes';

/*
 * Every address in contract/paginas (the one place notifications, e-mails and links take them from, issue 27) is a
 * page the router knows: a misspelt address ("pedidos_muestra", "lotes" for "Lotes") fails here, not in a user's
 * bell. The private routes have no catch-all, so a match is a real page.
 */
const ID = '00000000-0000-4000-8000-000000000000';

function direcciones(valor: unknown, rol?: 'comprador' | 'productor'): string[] {
  if (typeof valor === 'string') return [valor];
  if (typeof valor === 'function') return rol ? [valor(rol, ID), valor(rol)] : [valor(ID), valor()];
  return Object.values(valor as object).flatMap((v) => direcciones(v, rol));
}

const todas = [
  ...direcciones(PAGINAS.cuenta, 'comprador'),
  ...direcciones(PAGINAS.cuenta, 'productor'),
  ...direcciones({ ...PAGINAS, cuenta: {} }),
  paginaMuestra('comprador', ID),
  paginaMuestra('productor', ID),
  paginaPedido('comprador', ID),
  paginaPedido('productor', ID),
];

describe('page addresses', () => {
  it.each(todas)('%s is a page of the router', (direccion) => {
    const pathname = direccion.replace(/[?#].*$/, '');
    expect(matchRoutes(privateRoutes, pathname), pathname).not.toBeNull();
  });

  it('a page opened on one item carries its id in the query', () => {
    expect(PAGINAS.comprador.muestras(ID)).toBe(`/Dashboard/comprador/muestras?muestra=${ID}`);
    expect(paginaMuestra('productor', ID)).toBe(`/Dashboard/productor/pedidos_muestras?muestra=${ID}`);
    expect(paginaPedido('productor', ID)).toBe(`/Dashboard/productor/ventas/pedidos?pedido=${ID}`);
    expect(PAGINAS.productor.ventasPedidos(undefined, 'PAGADO')).toBe(
      '/Dashboard/productor/ventas/pedidos?estado=PAGADO',
    );
    expect(PAGINAS.cuenta.mensajes('comprador', ID)).toBe(`/Dashboard/comprador/mensajes/${ID}`);
  });

  it('refuses an address the router does not know (the check can fail)', () => {
    expect(matchRoutes(privateRoutes, '/Dashboard/productor/pedidos_muestra')).toBeNull();
  });
});
