import { describe, expect, it } from 'vitest';
import { CEREZA } from '../../contract/cereza';
import { renderMail } from './layout';

describe("every e-mail's footer", () => {
  it("names Cereza's legal identity, the one its invoices carry (issue 25 §2)", () => {
    const { text, html } = renderMail({ subject: 'Prueba', greeting: 'Hola,', paragraphs: ['Un aviso.'] });
    for (const out of [text, html]) {
      expect(out).toContain(CEREZA.razonSocial);
      expect(out).toContain(`NIF ${CEREZA.nif}`);
      expect(out).toContain(CEREZA.direccion.codigoPostal);
    }
  });
});
