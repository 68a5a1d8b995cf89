import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The operators' audit log (decision 045): one row per operator action, written in the action's transaction;
 * a trigger refuses UPDATE and DELETE, as for invoices. The operator is kept by id and e-mail without a foreign
 * key: deleting an account must never have to touch a row of this log.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    n: bigserial('n', { mode: 'number' }).notNull(),
    operadorId: uuid('operador_id').notNull(),
    operadorEmail: text('operador_email').notNull(),
    accion: text('accion').notNull(),
    entidad: text('entidad').notNull(),
    entidadId: text('entidad_id').notNull(),
    motivo: text('motivo').notNull(),
    antes: jsonb('antes').$type<Record<string, unknown> | null>(),
    despues: jsonb('despues').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('auditoria_created_idx').on(t.createdAt, t.n),
    index('auditoria_entidad_idx').on(t.entidad, t.entidadId),
    index('auditoria_operador_idx').on(t.operadorId, t.createdAt),
  ],
);

export type DocumentoKyb = {
  tipo: 'REGISTRO' | 'IDENTIFICACION_FISCAL' | 'LICENCIA_EXPORTACION';
  /** The private storage key of the PDF (privado/u/<owner>/…). */
  key: string;
  nombre?: string;
  bytes?: number;
};

/**
 * A producer's organisation evidence for the "Productor verificado" badge (KYB): ENVIADA until an operator
 * approves or rejects it with a reason; an approval may later be withdrawn (RETIRADA), with its own reason. The files are private uploads (only the producer and operators read them).
 */
export const verificacionesProductor = pgTable(
  'verificaciones_productor',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    estado: text('estado').$type<'ENVIADA' | 'APROBADA' | 'RECHAZADA' | 'RETIRADA'>().notNull().default('ENVIADA'),
    razonSocial: text('razon_social').notNull(),
    identificacionFiscal: text('identificacion_fiscal').notNull(),
    documentos: jsonb('documentos').$type<DocumentoKyb[]>().notNull().default([]),
    motivo: text('motivo'),
    resueltaPor: uuid('resuelta_por'),
    resueltaAt: timestamp('resuelta_at', { withTimezone: true, mode: 'date' }),
    /** An approval an operator later withdrew (APROBADA → RETIRADA): when, who and why; the approval's own reason stays. */
    retiradaAt: timestamp('retirada_at', { withTimezone: true, mode: 'date' }),
    retiradaPor: uuid('retirada_por'),
    motivoRetirada: text('motivo_retirada'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('verificaciones_productor_idx').on(t.productorId, t.createdAt),
    index('verificaciones_estado_idx').on(t.estado, t.createdAt),
  ],
);
