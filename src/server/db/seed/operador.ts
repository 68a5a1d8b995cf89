import { randomUUID } from 'node:crypto';
import type { conversaciones, reportesConversacion, users } from '../schema';
import type { SeedRows } from './build';
import type { SeedConversaciones } from './conversaciones';

const DAY = 86_400_000;

/** The demo operator (README): its second factor is enrolled with the documented secret below. */
export const DEMO_OPERADOR = 'operador@cereza.example';
/** A second demo operator who has not enrolled yet: her first sign-in shows the QR code and the recovery codes. */
export const DEMO_OPERADORA_NUEVA = 'operadora@cereza.example';
/**
 * The demo accounts' TOTP secrets (base32, RFC 6238: SHA-1, 6 digits, 30 s). Published on purpose in the README so
 * that a person trying the demo can add them to an authenticator app; a real installation has no demo accounts.
 */
export const DEMO_TOTP_OPERADOR = 'CEREZAOPERADORDEMOSECRETOTOTPAAA';
export const DEMO_TOTP_LABORATORIO = 'CEREZALABORATORIODEMOSECRETOAAAA';

/**
 * The operators of the demo, the lab's second factor, and two conversations reported by their parties (so that
 * the back office's Reportes has something to read). Mutates the lab's user row (its demo second factor).
 */
export function buildDemoOperador(
  rows: SeedRows,
  lab: typeof users.$inferInsert,
  chats: SeedConversaciones,
  now: Date,
  passwordHash: string,
) {
  const enrolled = new Date(now.getTime() - 300 * DAY);
  lab.totpSecreto = DEMO_TOTP_LABORATORIO;
  lab.totpAltaAt = enrolled;
  const operadores: Array<typeof users.$inferInsert> = [
    {
      id: randomUUID(),
      email: DEMO_OPERADOR,
      passwordHash,
      nombre: 'Irene',
      apellido: 'Salcedo',
      name: 'Irene Salcedo (operaciones)',
      tipoUser: 'OPERADOR',
      verificado: true,
      totpSecreto: DEMO_TOTP_OPERADOR,
      totpAltaAt: enrolled,
      createdAt: new Date(now.getTime() - 420 * DAY),
      updatedAt: enrolled,
    },
    {
      id: randomUUID(),
      email: DEMO_OPERADORA_NUEVA,
      passwordHash,
      nombre: 'Nuria',
      apellido: 'Prieto',
      name: 'Nuria Prieto (soporte)',
      tipoUser: 'OPERADOR',
      verificado: true,
      createdAt: new Date(now.getTime() - 2 * DAY),
      updatedAt: new Date(now.getTime() - 2 * DAY),
    },
  ];
  const byId = new Map(rows.users.map((u) => [u.id, u]));
  const reportes: Array<typeof reportesConversacion.$inferInsert> = [];
  const motivos = [
    'Me pide pagar por fuera de la plataforma, a una cuenta personal.',
    'Tono ofensivo después de que rechazara su oferta.',
  ];
  chats.conversaciones.slice(0, motivos.length).forEach((c: typeof conversaciones.$inferInsert, i) => {
    const comprador = c.compradorId ? byId.get(c.compradorId) : undefined;
    const ultimo = chats.mensajes.filter((m) => m.conversacionId === c.id && m.autorId === c.productorId).at(-1);
    reportes.push({
      conversacionId: c.id!,
      mensajeId: ultimo?.id ?? null,
      reportadoPor: comprador?.id ?? null,
      motivo: motivos[i],
      estado: 'ABIERTO',
      createdAt: new Date(now.getTime() - (i + 1) * DAY),
    });
  });
  return { operadores, reportes };
}
