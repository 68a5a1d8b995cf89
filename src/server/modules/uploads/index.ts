export { deleteImagenes } from './al-eliminar-cuenta';
