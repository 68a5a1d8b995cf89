import { defineTipo } from './notificaciones-tipo';

type L = { lote: string };

/** Notifications of the lot's quality control (TRADE.md "The quality lab", docs/decisions/023). */
export const LABORATORIO_NOTIFICACIONES = {
  LOTE_MUESTRA_ENVIADA: defineTipo({
    group: 'lotes',
    roles: ['LABORATORIO'],
    label: 'Muestras de lotes enviadas al laboratorio',
    email: true,
    accion: 'Ver la cola del laboratorio',
    titulo: (p: L & { productor: string; transportista: string; numeroGuia: string }) =>
      `${p.productor} envió la muestra de «${p.lote}»`,
    texto: (p) =>
      `${p.productor} envió la muestra de referencia de «${p.lote}» con ${p.transportista} (guía ${p.numeroGuia}). Márcala como recibida cuando llegue.`,
  }),
  LOTE_EN_REVISION: defineTipo({
    group: 'lotes',
    roles: ['PRODUCTOR'],
    label: 'Control de calidad de tus lotes',
    email: true,
    accion: 'Ver mis lotes',
    titulo: (p: L) => `El laboratorio recibió la muestra de «${p.lote}»`,
    texto: (p) =>
      `La muestra de «${p.lote}» llegó al laboratorio de Cereza y el lote está en revisión. Te avisaremos con el resultado de la cata.`,
  }),
  LOTE_VERIFICADO: defineTipo({
    group: 'lotes',
    roles: ['PRODUCTOR'],
    label: 'Lotes verificados o rechazados por el laboratorio',
    email: true,
    accion: 'Ver el lote',
    titulo: (p: L & { puntaje: string }) => `«${p.lote}» está verificado: ${p.puntaje} puntos`,
    texto: (p) =>
      `El laboratorio de Cereza cató «${p.lote}» con ${p.puntaje} puntos. El lote muestra ahora la insignia de verificado y su ficha de cata.`,
  }),
  LOTE_RECHAZADO: defineTipo({
    group: 'lotes',
    roles: ['PRODUCTOR'],
    label: 'Lotes rechazados por el laboratorio',
    email: true,
    accion: 'Ver mis lotes',
    titulo: (p: L & { puntaje: string; motivo: string; direccion: string }) =>
      `«${p.lote}» no pasó el control: ${p.puntaje} puntos`,
    texto: (p) =>
      `El laboratorio de Cereza cató «${p.lote}» y no alcanzó los 80 puntos. ${p.motivo} Puedes enviar una nueva muestra a ${p.direccion} y marcarla como enviada desde tus lotes.`,
  }),
};
