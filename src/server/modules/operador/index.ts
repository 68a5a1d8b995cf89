export { auditar } from './auditoria';
export { crearCuentaOperador, reiniciarSegundoFactor } from './cuentas';
