export { enlaceCompradorSolicitud, enlaceProductorSolicitud } from './lifecycle';
