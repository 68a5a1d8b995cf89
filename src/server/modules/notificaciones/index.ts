export { renderNotificacionMail } from './mail';
export { notify, notifyMany } from './notify';
