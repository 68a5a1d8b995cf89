export { forgetFincasSueltas } from './al-eliminar-cuenta';
