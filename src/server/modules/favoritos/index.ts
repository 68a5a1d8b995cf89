export { avisarLoteNuevo, listFollowers, olvidarLoteRetirado } from './followers';
