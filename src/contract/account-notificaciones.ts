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
  AVISO_OPERADOR: defineTipo({
    group: 'cuenta',
    label: 'Avisos del equipo de Cereza',
    email: 'siempre',
    accion: 'Ver el aviso',
    titulo: () => 'Aviso del equipo de Cereza',
    texto: (p: { motivo: string }) =>
      `El equipo de Cereza ha revisado una conversación reportada en la que participas y te pide: ${p.motivo} Si se repite, tu cuenta puede ser suspendida.`,
  }),
  LOTE_OCULTO_OPERADOR: defineTipo({
    group: 'lotes',
    label: 'Lotes ocultados por el equipo de Cereza',
    email: 'siempre',
    accion: 'Ver mis lotes',
    titulo: (p: { lote: string; motivo: string }) => `Tu lote ${p.lote} ya no aparece en el catálogo`,
    texto: (p) =>
      `El equipo de Cereza ha ocultado el lote por este motivo: ${p.motivo} Si crees que es un error, escribe a soporte@cereza.example.`,
  }),
  LOTE_VISIBLE_OPERADOR: defineTipo({
    group: 'lotes',
    label: 'Lotes que el equipo de Cereza vuelve a publicar',
    email: 'siempre',
    accion: 'Ver mis lotes',
    titulo: (p: { lote: string }) => `Tu lote ${p.lote} vuelve al catálogo`,
    texto: () => 'El equipo de Cereza ha vuelto a publicar el lote que había ocultado.',
  }),
  VERIFICACION_PRODUCTOR: defineTipo({
    group: 'cuenta',
    roles: ['PRODUCTOR'],
    label: 'Verificación de productor',
    email: 'siempre',
    accion: 'Ver la verificación',
    titulo: (p: { resultado: string; detalle: string }) => `Verificación de productor: ${p.resultado}`,
    texto: (p) => p.detalle,
  }),
};
