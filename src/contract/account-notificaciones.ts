import { defineTipo } from './notificaciones-tipo';

/** Notifications about the account itself. */
export const ACCOUNT_NOTIFICACIONES = {
  BIENVENIDA: defineTipo({
    group: 'cuenta',
    label: 'Bienvenida y primeros pasos',
    email: false,
    accion: 'Ir a mi panel',
    titulo: (p: { nombre: string }) => `Te damos la bienvenida a Cereza, ${p.nombre}`,
    texto: () =>
      'Tu cuenta está lista. Completa tu perfil para que compradores y productores sepan con quién tratan, y confirma tu correo electrónico con el enlace que te hemos enviado.',
  }),
  CONTRASENA_CAMBIADA: defineTipo({
    group: 'cuenta',
    label: 'Cambios de contraseña',
    email: 'siempre',
    accion: 'Restablecer mi contraseña',
    titulo: () => 'Tu contraseña ha cambiado',
    texto: (p: { como: string }) =>
      `La contraseña de tu cuenta de Cereza se ha cambiado ${p.como} y todas las sesiones abiertas se han cerrado. Si no has sido tú, restablece tu contraseña ahora mismo y escríbenos a soporte.`,
  }),
  GOOGLE_VINCULADA: defineTipo({
    group: 'cuenta',
    label: 'Cuenta de Google vinculada',
    email: 'siempre',
    accion: 'Revisar mi cuenta',
    titulo: () => 'Tu cuenta está vinculada a Google',
    texto: (p: { email: string }) =>
      `Desde ahora también puedes entrar en Cereza con la cuenta de Google de ${p.email}. Si no has sido tú, cambia tu contraseña y escríbenos a soporte.`,
  }),
};
