export { dataUserOf, toCompradorPerfil, toProductorPerfil } from './service';
