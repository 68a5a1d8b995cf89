/*
 * Cereza's own legal identity (issue 25 §2, decision 048): the one place its legal name, tax id and address are
 * written. Cereza's commission invoices freeze it as their issuer (modules/facturas), the about and help pages
 * show it (web features/content), and every e-mail's footer names it (server mail/layout). Zod-free: the public
 * pages import it.
 */

export const CEREZA = {
  razonSocial: 'Cereza Marketplace, S.L.',
  /** NIF-IVA: the Spanish tax id with its country prefix, valid for intra-EU operations. */
  nif: 'ESB88123456',
  direccion: {
    linea1: 'Calle de Alcalá 123, 4.º',
    codigoPostal: '28009',
    ciudad: 'Madrid',
    region: 'Madrid',
    pais: 'ES',
  },
  /** Where people write to Cereza. */
  email: 'hola@cereza.example',
  /** Where invoices come from and go to. */
  emailFacturacion: 'facturacion@cereza.example',
  horario: 'De lunes a viernes, de 9:00 a 18:00 (hora de Madrid)',
  respuesta: 'Respondemos en un máximo de dos días hábiles.',
} as const;

/** The postal address as lines: street, postcode and city, country. */
export const direccionCerezaLineas = (): string[] => [
  CEREZA.direccion.linea1,
  `${CEREZA.direccion.codigoPostal} ${CEREZA.direccion.ciudad}`,
  'España',
];

/** One line naming the company, for a footer: "Cereza Marketplace, S.L. · NIF ESB88123456 · Calle…, 28009 Madrid". */
export const identidadCerezaLinea = (): string =>
  `${CEREZA.razonSocial} · NIF ${CEREZA.nif} · ${CEREZA.direccion.linea1}, ${CEREZA.direccion.codigoPostal} ${CEREZA.direccion.ciudad} (España)`;
