/*
 * The audit log of operator actions (docs/decisions/045 and 074): a module of its own because the modules that let an
 * operator act (operador, cobros, eudr, liquidaciones) all write it, and operador itself reaches into orders; kept
 * inside operador it tied them into one folder cycle.
 */
export { accionesAuditoria, auditar, searchAuditoria as searchAuditoria, type EntradaAuditoria } from './auditoria';
