export { enlaceCompradorSolicitud, enlaceProductorSolicitud } from './lifecycle';
export { forgetSolicitudesOf } from './al-eliminar-cuenta';
