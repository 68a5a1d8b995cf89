export { instantaneaEudr } from './exportar';
