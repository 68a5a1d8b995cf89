import { defineTipo } from './notificaciones-tipo';

type L = { lote: string };

/** «A», «B» y «C»: the lots of a box, as its notice names them. */
export const lotesDeLaCaja = (nombres: readonly string[]) => {
  const q = nombres.map((n) => `«${n}»`);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} y ${q[q.length - 1]}` : (q[0] ?? '');
};

/** Notifications of the sample table (docs/product.md §10, docs/decisions/019): one per move the other party must know. */
export const MUESTRA_NOTIFICACIONES = {
  MUESTRA_SOLICITADA: defineTipo({
    group: 'muestras',
    roles: ['PRODUCTOR'],
    label: 'Nuevas solicitudes de muestra',
    email: true,
    accion: 'Ver la solicitud',
    titulo: (p: L & { comprador: string }) => `${p.comprador} pide una muestra de «${p.lote}»`,
    texto: (p) =>
      `${p.comprador} ha pedido una muestra de «${p.lote}». Tienes 7 días para aceptarla o rechazarla; después la solicitud expira.`,
  }),
  /** A sample box (decision 070): one notice per producer, naming his lots, instead of one per lot. */
  CAJA_MUESTRAS_SOLICITADA: defineTipo({
    group: 'muestras',
    roles: ['PRODUCTOR'],
    label: 'Nuevas cajas de muestras (varios lotes a la vez)',
    email: true,
    accion: 'Ver la caja',
    titulo: (p: { comprador: string; lotes: string; n: number }) =>
      p.n === 1
        ? `${p.comprador} pide una muestra de ${p.lotes} en su caja de muestras`
        : `${p.comprador} pide muestras de ${p.n} lotes: ${p.lotes}`,
    texto: (p) =>
      p.n === 1
        ? `${p.comprador} ha pedido en su caja de muestras una muestra de ${p.lotes}. Tienes 7 días para aceptarla o rechazarla; después la solicitud expira.`
        : `${p.comprador} ha pedido en una caja muestras de ${p.lotes}. Tienes 7 días para aceptar o rechazar cada lote; después la solicitud expira. Los que aceptes se envían juntos, en un solo paquete.`,
  }),
  MUESTRA_ACEPTADA: defineTipo({
    group: 'muestras',
    roles: ['COMPRADOR'],
    label: 'Muestras aceptadas o rechazadas',
    email: true,
    accion: 'Ver la muestra',
    titulo: (p: L) => `Han aceptado tu muestra de «${p.lote}»`,
    texto: (p) => `El productor de «${p.lote}» ha aceptado tu solicitud. Te avisaremos cuando la envíe.`,
  }),
  MUESTRA_RECHAZADA: defineTipo({
    group: 'muestras',
    roles: ['COMPRADOR'],
    label: 'Muestras rechazadas',
    email: true,
    accion: 'Ver la muestra',
    titulo: (p: L & { motivo: string }) => `No pueden enviarte la muestra de «${p.lote}»`,
    texto: (p) => `El productor de «${p.lote}» ha rechazado tu solicitud. Motivo: ${p.motivo}`,
  }),
  MUESTRA_CANCELADA: defineTipo({
    group: 'muestras',
    roles: ['PRODUCTOR'],
    label: 'Solicitudes canceladas por el comprador',
    email: false,
    accion: 'Ver la solicitud',
    titulo: (p: L & { comprador: string }) => `${p.comprador} canceló su muestra de «${p.lote}»`,
    texto: (p) => `${p.comprador} ha cancelado la solicitud de muestra de «${p.lote}». No tienes que enviarla.`,
  }),
  MUESTRA_ENVIADA: defineTipo({
    group: 'muestras',
    roles: ['COMPRADOR'],
    label: 'Muestras enviadas',
    email: true,
    accion: 'Seguir el envío',
    titulo: (p: L & { transportista: string; numeroGuia: string }) => `Tu muestra de «${p.lote}» está en camino`,
    texto: (p) =>
      `El productor ha enviado la muestra de «${p.lote}» con ${p.transportista}, número de guía ${p.numeroGuia}. Cuando llegue, márcala como recibida.`,
  }),
  MUESTRA_ENTREGADA: defineTipo({
    group: 'muestras',
    roles: ['PRODUCTOR'],
    label: 'Muestras recibidas por el comprador',
    email: false,
    accion: 'Ver la muestra',
    titulo: (p: L & { comprador: string }) => `${p.comprador} recibió la muestra de «${p.lote}»`,
    texto: (p) => `La muestra de «${p.lote}» ha llegado a ${p.comprador}. Te avisaremos cuando envíe su ficha de cata.`,
  }),
  MUESTRA_CATADA: defineTipo({
    group: 'muestras',
    roles: ['PRODUCTOR'],
    label: 'Fichas de cata de tus muestras',
    email: true,
    accion: 'Ver la ficha de cata',
    titulo: (p: L & { comprador: string; puntaje: string; decision: string }) =>
      `${p.comprador} cató «${p.lote}»: ${p.puntaje} puntos`,
    texto: (p) =>
      `${p.comprador} ha enviado su ficha de cata de «${p.lote}» con ${p.puntaje} puntos (${p.decision}). Puedes leerla completa, con sus descriptores y comentarios.`,
  }),
  MUESTRA_EXPIRADA: defineTipo({
    group: 'muestras',
    label: 'Solicitudes que expiran sin respuesta',
    email: true,
    accion: 'Ver la muestra',
    titulo: (p: L) => `La solicitud de muestra de «${p.lote}» expiró`,
    texto: (p) => `Nadie respondió en 7 días a la solicitud de muestra de «${p.lote}», y ha expirado.`,
  }),
  MUESTRA_RECORDATORIO: defineTipo({
    group: 'muestras',
    roles: ['COMPRADOR'],
    label: 'Recordatorios para catar muestras recibidas',
    email: true,
    accion: 'Catar la muestra',
    titulo: (p: L & { dias: number }) => `¿Ya cataste «${p.lote}»?`,
    texto: (p) =>
      `Recibiste la muestra de «${p.lote}» hace ${p.dias} días. El productor espera tu ficha de cata: es la información que casi nunca recibe.`,
  }),
  MUESTRA_CERRADA_SIN_CATA: defineTipo({
    group: 'muestras',
    label: 'Muestras cerradas sin cata',
    email: false,
    accion: 'Ver la muestra',
    titulo: (p: L) => `La muestra de «${p.lote}» se cerró sin cata`,
    texto: (p) => `Pasaron 30 días desde la entrega de la muestra de «${p.lote}» sin ficha de cata, y se ha cerrado.`,
  }),
};
