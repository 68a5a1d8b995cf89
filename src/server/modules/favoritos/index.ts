export { avisarLoteNuevo, listFollowers, olvidarLoteRetirado } from './followers';
export { forgetFavoritosOf } from './al-eliminar-cuenta';
