export { deleteAccount } from './eliminar-cuenta';
export { confirmIdentity } from './service';
