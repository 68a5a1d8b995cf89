export { forgetBusquedasOf } from './al-eliminar-cuenta';
