/*
 * The database schema, one file per area. drizzle-kit (drizzle.config.ts) and the app (db/client.ts) both read
 * this index: a new area's file must be re-exported here, or its tables get no migration.
 */
export * from './users';
export * from './lotes';
export * from './favoritos';
export * from './noticias';
export * from './imagenes';
export * from './auth';
export * from './relations';
export * from './notificaciones';
export * from './tareas';
export * from './idempotencia';
export * from './tokens-cuenta';
export * from './eventos';
export * from './muestras';
export * from './mensajes';
export * from './facturas';
export * from './abastecimiento';
export * from './pedidos';
export * from './ajustes';
export * from './reclamos';
export * from './busquedas';
export * from './operador';
export * from './limites';
export * from './liquidaciones';
export * from './cobros';
export * from './eudr';
