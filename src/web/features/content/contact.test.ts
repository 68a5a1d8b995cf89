import { describe, expect, it } from 'vitest';
import { CEREZA } from '../../../contract/cereza';
import { esNifIvaUE } from '../../../contract/facturas-calculo';
import { CONTACT } from './contact';
import { FAQ } from './faq-data';

describe("Cereza's legal identity on the help and about pages (issue 25 §2)", () => {
  it('is the one the invoices use: legal name, tax id, address and e-mail from contract/cereza', () => {
    expect(CONTACT).toMatchObject({ razonSocial: CEREZA.razonSocial, nif: CEREZA.nif, email: CEREZA.email });
    expect(CONTACT.address).toEqual([
      CEREZA.direccion.linea1,
      `${CEREZA.direccion.codigoPostal} ${CEREZA.direccion.ciudad}`,
      'España',
    ]);
    // An EU VAT id: the commission invoices to producers in other member states reverse-charge on it.
    expect(esNifIvaUE(CEREZA.nif, CEREZA.direccion.pais)).toBe(true);
  });

  it('no help answer writes another address for Cereza', () => {
    const respuestas = FAQ.flatMap((f) => f.answer).join('\n');
    for (const correo of respuestas.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? []) expect(correo).toBe(CEREZA.email);
  });
});
