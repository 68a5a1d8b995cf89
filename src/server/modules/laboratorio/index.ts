export { CuentaLaboratorioError, crearCuentaLaboratorio } from './cuentas';
export { reabrirSiCambioElCafe } from './service';
