export { avisarLoteNuevo, listFollowers } from './followers';
