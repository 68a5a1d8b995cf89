export { CuentaLaboratorioError, createCuentaLaboratorio as createCuentaLaboratorio } from './cuentas';
export { reabrirSiCambioElCafe } from './service';
