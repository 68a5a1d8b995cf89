import { and, desc, eq, isNull } from 'drizzle-orm';
import { electronicFormatIBAN, extractBIC, getCountrySpecifications, isSEPACountry, validateIBAN } from 'ibantools';
import {
  LIQUIDACION_MESSAGES,
  RETENCION_CUENTA_HORAS,
  type CuentaCobroInput,
  type CuentaCobroView,
} from '../../../contract/liquidaciones';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { cuentasCobro } from '../../db/schema/liquidaciones';
import type { UserRow } from '../../auth/guards';
import { HOUR } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden } from '../../errors';
import { notify } from '../notificaciones';
import { confirmIdentity } from '../users';
import { PAGINAS } from '../../../contract/paginas';

export type CuentaCobroRow = typeof cuentasCobro.$inferSelect;

const campo = (nombre: string, mensaje: string) => badRequest('VALIDATION_ERROR', mensaje, { [nombre]: mensaje });

/** The account's check digits and country, verified with ibantools; answers the row's fields or a 400 per field. */
export function validateCuentaCobro(
  input: CuentaCobroInput,
): Pick<CuentaCobroRow, 'tipo' | 'titular' | 'iban' | 'bic' | 'banco' | 'numeroCuenta' | 'pais'> {
  const bic = extractBIC(input.bic);
  if (!bic.valid || !bic.countryCode) throw campo('bic', LIQUIDACION_MESSAGES.BIC_NO_VALIDO);
  if (input.tipo === 'SEPA') {
    const iban = electronicFormatIBAN(input.iban) ?? '';
    if (!validateIBAN(iban).valid) throw campo('iban', LIQUIDACION_MESSAGES.IBAN_NO_VALIDO);
    const pais = iban.slice(0, 2);
    if (!isSEPACountry(pais)) throw campo('iban', LIQUIDACION_MESSAGES.IBAN_NO_SEPA);
    if (bic.countryCode !== pais) throw campo('bic', LIQUIDACION_MESSAGES.BIC_OTRO_PAIS);
    return { tipo: 'SEPA', titular: input.titular, iban, bic: input.bic, banco: null, numeroCuenta: null, pais };
  }
  if (!(input.pais in getCountrySpecifications())) throw campo('pais', LIQUIDACION_MESSAGES.PAIS_NO_VALIDO);
  if (isSEPACountry(input.pais)) throw campo('pais', LIQUIDACION_MESSAGES.PAIS_SEPA);
  if (bic.countryCode !== input.pais) throw campo('bic', LIQUIDACION_MESSAGES.BIC_OTRO_PAIS);
  return {
    tipo: 'INTERNACIONAL',
    titular: input.titular,
    iban: null,
    bic: input.bic,
    banco: input.banco,
    numeroCuenta: input.numeroCuenta,
    pais: input.pais,
  };
}

/** "ES91 **** **** **** **** 1332" style: only the country and the last four characters. */
export function enmascarar(c: Pick<CuentaCobroRow, 'iban' | 'numeroCuenta'>): string {
  const num = c.iban ?? c.numeroCuenta ?? '';
  const fin = num.slice(-4);
  return c.iban ? `${num.slice(0, 2)}•• •••• ${fin}` : `•••• ${fin}`;
}

export function toCuentaCobroView(c: CuentaCobroRow): CuentaCobroView {
  return {
    id: c.id,
    tipo: c.tipo,
    titular: c.titular,
    cuentaEnmascarada: enmascarar(c),
    bic: c.bic,
    banco: c.banco,
    pais: c.pais,
    vigenteDesde: c.vigenteDesde.toISOString(),
    sustituidaAt: c.sustituidaAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

const fechaHoraEs = (d: Date) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(d);

/**
 * Records a new payout account: the identity again (password or Google), the check digits, then in one
 * transaction the previous account is closed (`sustituida_at`) and the new one held for 48 hours; the producer
 * gets an e-mail (a security notice, which cannot be switched off). Two changes at once: the unique index of the
 * account in force makes one of them fail, answered 409.
 */
export async function saveCuentaCobro(
  db: Db,
  google: AppConfig['google'],
  user: UserRow,
  input: CuentaCobroInput,
  now: Date,
): Promise<CuentaCobroRow> {
  if (user.tipoUser !== 'PRODUCTOR') throw forbidden('FORBIDDEN', LIQUIDACION_MESSAGES.SOLO_PRODUCTOR);
  const datos = validateCuentaCobro(input);
  await confirmIdentity(google, user, { password: input.password, credential: input.credential });
  const vigenteDesde = new Date(now.getTime() + RETENCION_CUENTA_HORAS * HOUR);
  try {
    return await db.transaction(async (tx) => {
      await tx
        .update(cuentasCobro)
        .set({ sustituidaAt: now })
        .where(and(eq(cuentasCobro.productorId, user.id), isNull(cuentasCobro.sustituidaAt)));
      const [row] = await tx
        .insert(cuentasCobro)
        .values({ ...datos, productorId: user.id, vigenteDesde, createdAt: now })
        .returning();
      await notify(tx, {
        userId: user.id,
        tipo: 'CUENTA_COBRO_CAMBIADA',
        cuenta: enmascarar(row),
        vigenteDesde: fechaHoraEs(vigenteDesde),
        enlace: PAGINAS.productor.informacionComercial,
      });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', LIQUIDACION_MESSAGES.CAMBIO_A_LA_VEZ);
    throw err;
  }
}

/** Every account the producer recorded, newest first (the first one, if not replaced, is in force). */
export async function historialCuentasCobro(db: DbOrTx, productorId: string): Promise<CuentaCobroRow[]> {
  return db
    .select()
    .from(cuentasCobro)
    .where(eq(cuentasCobro.productorId, productorId))
    .orderBy(desc(cuentasCobro.createdAt));
}
