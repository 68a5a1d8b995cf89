import { defineTipo } from './notificaciones-tipo';

type S = { solicitud: string };

/** Notifications of sourcing requests and planners (issue 13): answers and shortlisting to the parties, a daily digest. */
export const SOLICITUD_NOTIFICACIONES = {
  SOLICITUD_RESPONDIDA: defineTipo({
    group: 'solicitudes',
    roles: ['COMPRADOR'],
    label: 'Respuestas a tus solicitudes',
    email: true,
    accion: 'Ver las respuestas',
    titulo: (p: S & { productor: string }) => `${p.productor} respondió a «${p.solicitud}»`,
    texto: (p) =>
      `${p.productor} ha respondido a tu solicitud «${p.solicitud}». Compara las respuestas y preselecciona.`,
  }),
  RESPUESTA_PRESELECCIONADA: defineTipo({
    group: 'solicitudes',
    roles: ['PRODUCTOR'],
    label: 'Tus respuestas preseleccionadas, aceptadas o no elegidas',
    email: true,
    accion: 'Ver la solicitud',
    titulo: (p: S) => `Preseleccionaron tu respuesta a «${p.solicitud}»`,
    texto: (p) =>
      `El comprador de «${p.solicitud}» ha preseleccionado tu respuesta. Ya no puedes cambiarla; puede pedirte una muestra.`,
  }),
  RESPUESTA_ACEPTADA: defineTipo({
    group: 'solicitudes',
    roles: ['PRODUCTOR'],
    label: 'Respuestas aceptadas',
    email: true,
    accion: 'Ver la solicitud',
    titulo: (p: S) => `Aceptaron tu respuesta a «${p.solicitud}»`,
    texto: (p) =>
      `El comprador de «${p.solicitud}» ha aceptado tu respuesta. El pedido queda reservado en los términos propuestos.`,
  }),
  RESPUESTA_NO_ELEGIDA: defineTipo({
    group: 'solicitudes',
    roles: ['PRODUCTOR'],
    label: 'Solicitudes adjudicadas a otro productor',
    email: false,
    accion: 'Ver la solicitud',
    titulo: (p: S) => `«${p.solicitud}» se adjudicó a otra respuesta`,
    texto: (p) => `El comprador de «${p.solicitud}» eligió otra respuesta. Gracias por participar.`,
  }),
  SOLICITUD_EXPIRADA: defineTipo({
    group: 'solicitudes',
    roles: ['COMPRADOR'],
    label: 'Solicitudes que llegan a su fecha de cierre',
    email: true,
    accion: 'Ver la solicitud',
    titulo: (p: S) => `Tu solicitud «${p.solicitud}» ha expirado`,
    texto: (p) => `La fecha de cierre de «${p.solicitud}» ha pasado sin adjudicarse. Puedes crear una nueva.`,
  }),
  SOLICITUDES_RESUMEN: defineTipo({
    group: 'solicitudes',
    roles: ['PRODUCTOR'],
    label: 'Resumen diario de solicitudes que encajan con tus lotes',
    email: true,
    accion: 'Ver las solicitudes',
    titulo: (p: { n: number; lista: string }) =>
      p.n === 1 ? 'Una solicitud nueva encaja con tus lotes' : `${p.n} solicitudes nuevas encajan con tus lotes`,
    texto: (p) => `Compradores buscan cafés como los tuyos:\n${p.lista}`,
  }),
  PLAN_LINEA_ATRASADA: defineTipo({
    group: 'solicitudes',
    roles: ['COMPRADOR'],
    label: 'Líneas del planificador que pasan su fecha de contratación',
    email: true,
    accion: 'Ver el planificador',
    titulo: (p: { componente: string; fecha: string; faltan: string }) => `Contrata ya «${p.componente}»`,
    texto: (p) => `La fecha límite para contratar «${p.componente}» era el ${p.fecha} y aún faltan ${p.faltan} kg.`,
  }),
};
