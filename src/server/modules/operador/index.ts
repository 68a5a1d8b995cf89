export { crearCuentaOperador, reiniciarSegundoFactor } from './cuentas';
