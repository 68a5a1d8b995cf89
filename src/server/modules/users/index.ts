export { deleteAccount } from './delete-cuenta';
export { confirmIdentity } from './service';
export {
  insertCuentaInterna,
  reactivateCuenta,
  renewCuentaInterna,
  setProductorVerificado,
  suspendCuenta,
} from './cuenta';
