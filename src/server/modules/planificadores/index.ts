export { forgetPlanesOf } from './al-eliminar-cuenta';
