export { createCuentaOperador as createCuentaOperador, resetSegundoFactor as resetSegundoFactor } from './cuentas';
