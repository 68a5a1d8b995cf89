export { renderNotificacionMail } from './mail';
export { notify, notifyMany } from './notify';
export { markReadAbout } from './service';
export { forgetNotificacionesOf } from './al-eliminar-cuenta';
