import { describe, expect, it } from 'vitest';
import type { DataUser } from '../../../contract/users';
import { perfilChecklist } from './overview';

/** A buyer whose profile fields are all filled in. */
const comprador = (faltaInformacionComercial: string[]): DataUser => ({
  id: 'u1',
  email: 'martin@example.com',
  nombre: 'Martín',
  apellido: 'Ferrer',
  name: 'Martín Ferrer',
  image: null,
  verificado: true,
  perfilBase: true,
  perfilCompleto: true,
  faltaInformacionComercial,
  tipoUser: 'COMPRADOR',
  perfil: {
    fechaOrigen: '2015-03-01',
    empresa: 'Tostadores del Sur',
    tipoComprador: 'TOSTADOR',
    pais: 'ES',
    ciudad: 'Valencia',
    descripcion: 'Tostamos en Valencia desde 2015.',
  } as Extract<DataUser, { tipoUser: 'COMPRADOR' }>['perfil'],
});

describe('the profile checklist counts the commercial details (issue 25 §3)', () => {
  it('a buyer without them is not "complete": the contract’s data is one item, linked to its page', () => {
    const items = perfilChecklist(
      comprador(['la razón social', 'el número de identificación fiscal', 'la dirección']),
      'Datos básicos de tu empresa',
      () => '/x',
      () => {},
    );
    const done = items.filter((i) => i.done).length;
    // It said "3 de 3 completados" while no order of his could be confirmed.
    expect(`${done} de ${items.length}`).toBe('3 de 4');
    const info = items.find((i) => !i.done)!;
    expect(info.label).toContain('Información comercial');
    expect(info.to).toBe('/Dashboard/comprador/usuario/InformacionComercial');
  });

  it('with them, every item is done', () => {
    const items = perfilChecklist(
      comprador([]),
      'Datos básicos de tu empresa',
      () => '/x',
      () => {},
    );
    expect(items.every((i) => i.done)).toBe(true);
  });
});
