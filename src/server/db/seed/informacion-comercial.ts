import type { InformacionComercial } from '../../../contract/auth';
import type { CompradorSeed } from './compradores';
import { createRng, seedFrom } from './prng';
import type { ProductorSeed } from './types';

/*
 * The demo organisations' legal data (InformacionComercial): what contracts and invoices print. Tax ids follow
 * each country's usual shape (NIT, RUC, RTN…, and an EU VAT id with its prefix for Spain) with digits drawn from
 * the organisation's name, so they are stable between seeds and plainly fictitious.
 */

const digitos = (slug: string, n: number) => {
  const rng = createRng(seedFrom(`nif-${slug}`));
  return Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
};

function taxIdDe(pais: string, slug: string): string {
  switch (pais) {
    case 'ES':
      return `ESB${digitos(slug, 8)}`;
    case 'CO':
      return `900${digitos(slug, 6)}-${digitos(`${slug}-dv`, 1)}`;
    case 'PE':
      return `20${digitos(slug, 9)}`;
    case 'HN':
      return `0801${digitos(slug, 10)}`;
    case 'GT':
      return `${digitos(slug, 7)}-${digitos(`${slug}-dv`, 1)}`;
    case 'EC':
      return `17${digitos(slug, 8)}001`;
    case 'BO':
      return `10${digitos(slug, 8)}`;
    case 'MX':
      return `CCS${digitos(slug, 6)}A${digitos(`${slug}-h`, 2)}`;
    case 'CR':
      return `3-101-${digitos(slug, 6)}`;
    case 'CL':
      return `76.${digitos(slug, 3)}.${digitos(`${slug}-b`, 3)}-${digitos(`${slug}-dv`, 1)}`;
    case 'ET':
      return `00${digitos(slug, 8)}`;
    case 'KE':
      return `P05${digitos(slug, 7)}X`;
    default:
      return `${pais}${digitos(slug, 9)}`;
  }
}

const slugEmail = (email: string) => email.split('@')[0].replace(/[^a-z0-9]/gi, '');

export function informacionProductor(p: ProductorSeed): InformacionComercial {
  return {
    razonSocial: p.nombre,
    taxId: taxIdDe(p.pais, p.slug),
    direccionFacturacion: {
      linea1: `${p.municipio}, ${p.region}`,
      ciudad: p.municipio,
      region: p.region,
      codigoPostal: '',
      pais: p.pais,
    },
    emailFacturacion: p.email.replace(/^[^@]+@/, () => `facturacion.${slugEmail(p.email)}@`),
  };
}

const CALLES: Record<string, string> = {
  pradera: 'Carrer de Sueca 41, bajo',
  granoverde: 'Carrer de la Marina 212, 3º 2ª',
  bruma: 'Avenida Italia 1580',
  cantabrico: 'Calle Castelar 18',
};
const CODIGOS: Record<string, string> = {
  Valencia: '46006',
  Barcelona: '08013',
  Santander: '39004',
  Santiago: '7750000',
};

export function informacionComprador(c: CompradorSeed): InformacionComercial {
  const sociedad = c.pais === 'ES' ? `${c.empresa}, S.L.` : `${c.empresa} SpA`;
  return {
    razonSocial: sociedad,
    taxId: taxIdDe(c.pais, c.slug),
    direccionFacturacion: {
      linea1: CALLES[c.slug] ?? `Calle Mayor ${1 + (seedFrom(c.slug) % 90)}`,
      ciudad: c.ciudad,
      region: c.ciudad,
      codigoPostal: CODIGOS[c.ciudad] ?? '',
      pais: c.pais,
    },
    emailFacturacion: `facturas@${c.sitioWeb.replace(/^https?:\/\//, '')}`,
  };
}
