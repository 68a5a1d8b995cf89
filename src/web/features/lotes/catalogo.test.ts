import { describe, expect, it } from 'vitest';
import * as contract from '../../../contract/lotes';
import * as catalogo from './catalogo';

describe('catalogo (zod-free copies of the lot contract)', () => {
  it('has exactly the contract labels', () => {
    expect(catalogo.PROCESO_LABELS).toEqual(contract.PROCESO_LABELS);
    expect(catalogo.CERTIFICACION_LABELS).toEqual(contract.CERTIFICACION_LABELS);
    expect(catalogo.POSICION_LABELS).toEqual(contract.POSICION_LABELS);
    expect(catalogo.INCOTERM_LABELS).toEqual(contract.INCOTERM_LABELS);
    expect(catalogo.LOTE_STATUS_LABELS).toEqual(contract.LOTE_STATUS_LABELS);
    expect(catalogo.ORDEN_LABELS).toEqual(contract.ORDEN_LABELS);
  });

  it('lists the codes in the contract order', () => {
    expect(catalogo.PROCESOS).toEqual([...contract.PROCESOS]);
    expect(catalogo.CERTIFICACIONES).toEqual([...contract.CERTIFICACIONES]);
    expect(catalogo.POSICIONES).toEqual([...contract.POSICIONES]);
    expect(catalogo.ORDENES).toEqual([...contract.ORDENES]);
    expect(catalogo.PAGE_LIMIT_DEFAULT).toBe(contract.LIMITES.pageLimitDefault);
  });

  it('has the same origin countries and names', () => {
    expect(catalogo.PAISES_ORIGEN).toEqual(contract.PAISES_ORIGEN.map(({ code, nombre }) => ({ code, nombre })));
    for (const p of contract.PAISES_ORIGEN) expect(catalogo.nombrePais(p.code)).toBe(p.nombre);
    expect(catalogo.nombrePais('co')).toBe('Colombia');
  });

  it('turns an ISO code into its flag emoji', () => {
    expect(catalogo.banderaEmoji('CO')).toBe('🇨🇴');
    expect(catalogo.banderaEmoji('et')).toBe('🇪🇹');
    expect(catalogo.banderaEmoji('C0')).toBe('');
  });
});
