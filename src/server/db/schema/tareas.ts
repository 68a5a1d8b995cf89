import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled task that runs at most once per interval across every server process (a daily
 * digest, the sweep of expired keys). Claiming a run is one conditional upsert on `proxima_at`, so two
 * processes never both run it. Tasks that run every minute in every process do not use it: they claim
 * their due rows with FOR UPDATE SKIP LOCKED (src/server/scheduler.ts).
 */
export const tareasProgramadas = pgTable('tareas_programadas', {
  nombre: text('nombre').primaryKey(),
  proximaAt: timestamp('proxima_at', { withTimezone: true, mode: 'date' }).notNull(),
  ultimaAt: timestamp('ultima_at', { withTimezone: true, mode: 'date' }),
});
