export { deleteAccount } from './delete-cuenta';
export { confirmIdentity } from './service';
