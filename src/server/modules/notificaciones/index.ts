export { renderNotificacionMail } from './mail';
export { notify, notifyMany } from './notify';
export { markReadAbout } from './service';
