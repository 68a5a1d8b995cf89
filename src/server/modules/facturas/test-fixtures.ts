import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InformacionComercial } from '../../../contract/auth';
import { users } from '../../db/schema/users';
import { createUser, type TestContext, type TestUser } from '../../test/helpers';
import type { DatosEnvio } from './emision';

export const INFO: Record<string, InformacionComercial> = {
  ES_COMPRADOR: {
    razonSocial: 'Tostadores del Sur, S.L.',
    taxId: 'ESB46123456',
    direccionFacturacion: {
      linea1: 'Calle Mayor 12',
      ciudad: 'Valencia',
      region: 'Valencia',
      codigoPostal: '46001',
      pais: 'ES',
    },
    emailFacturacion: 'facturas@tostadoresdelsur.es',
  },
  ES_PRODUCTOR: {
    razonSocial: 'Café de Canarias, S.L.',
    taxId: 'ESB35999888',
    direccionFacturacion: {
      linea1: 'Finca El Valle s/n',
      ciudad: 'Agaete',
      region: 'Las Palmas',
      codigoPostal: '35480',
      pais: 'ES',
    },
    emailFacturacion: 'admin@cafedecanarias.es',
  },
  DE_COMPRADOR: {
    razonSocial: 'Röstwerk Hamburg GmbH',
    taxId: 'DE812345678',
    direccionFacturacion: {
      linea1: 'Speicherstadt 5',
      ciudad: 'Hamburg',
      region: '',
      codigoPostal: '20457',
      pais: 'DE',
    },
    emailFacturacion: 'rechnung@roestwerk.de',
  },
  CO_PRODUCTOR: {
    razonSocial: 'Cooperativa Cafetera del Huila',
    taxId: '900123456-7',
    direccionFacturacion: {
      linea1: 'Carrera 5 # 10-20',
      ciudad: 'Pitalito',
      region: 'Huila',
      codigoPostal: '417030',
      pais: 'CO',
    },
    emailFacturacion: 'exportaciones@coohuila.co',
  },
  US_COMPRADOR: {
    razonSocial: 'Mañana Coffee Roasters LLC',
    taxId: '12-3456789',
    direccionFacturacion: {
      linea1: '200 Pine St',
      ciudad: 'Portland',
      region: 'OR',
      codigoPostal: '97204',
      pais: 'US',
    },
    emailFacturacion: 'ap@mananacoffee.com',
  },
};

export async function userConInfo(
  ctx: TestContext,
  tipo: 'PRODUCTOR' | 'COMPRADOR',
  info: InformacionComercial,
): Promise<TestUser> {
  const u = await createUser(ctx, tipo, { perfil: true });
  await ctx.app.db.update(users).set({ informacionComercial: info }).where(eq(users.id, u.id));
  return u;
}

let n = 0;
/** An order's shipping data as the orders module hands it over. */
export function datosEnvio(
  productorId: string,
  compradorId: string,
  now: Date,
  extra: Partial<DatosEnvio> = {},
): DatosEnvio {
  n += 1;
  return {
    pedido: { id: randomUUID(), numero: `CZ-2026-${String(n).padStart(6, '0')}` },
    productorId,
    compradorId,
    lineas: [
      {
        descripcion: 'Huila Pink Bourbon lavado, 10 sacos de 69 kg',
        referencia: 'HU-PB-01',
        gramos: 690_000,
        centavosKg: 715,
      },
    ],
    moneda: 'EUR',
    // 4 % of 7,15 EUR/kg, as an order freezes it (comisionKgDePedido).
    comisionKgCentavos: 29,
    condicionPago: 'Neto 30 días tras embarque',
    diasPago: 30,
    now,
    ...extra,
  };
}
