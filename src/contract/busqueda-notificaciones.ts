import { defineTipo } from './notificaciones-tipo';

/** The saved searches' alert (issue 32): one a day at most per search, naming the first new lots. */
export const BUSQUEDA_NOTIFICACIONES = {
  BUSQUEDA_LOTES_NUEVOS: defineTipo({
    group: 'lotes',
    roles: ['COMPRADOR'],
    label: 'Lotes nuevos que encajan con tus búsquedas guardadas',
    email: true,
    accion: 'Ver los lotes',
    titulo: (p: { busqueda: string; n: number; lista: string; resumen: string }) =>
      p.n === 1 ? `1 lote nuevo para «${p.busqueda}»` : `${p.n} lotes nuevos para «${p.busqueda}»`,
    texto: (p) =>
      `${p.n === 1 ? 'Hay un lote nuevo' : `Hay ${p.n} lotes nuevos`} en el catálogo que ${p.n === 1 ? 'encaja' : 'encajan'} con tu búsqueda guardada «${p.busqueda}» (${p.resumen}):\n\n${p.lista}`,
  }),
};
