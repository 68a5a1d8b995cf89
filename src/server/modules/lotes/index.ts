export { lotesChanged } from './changed';
export {
  eudrDeLote,
  recomputeEudr as recomputeEudr,
  recomputeEudrOfFincas as recomputeEudrOfFincas,
  riesgoDe,
} from './eudr';
export { lotePublicado } from './publicado';
export {
  listPublicLotes,
  productorChanged,
  publicLotesByIds,
  refreshSearchForProductor,
  retirarOEliminarLote,
  type CatalogoReader,
} from './service';
export {
  registrarAlCrearLote,
  registrarAlEditarLote,
  type LoteEditadoContext,
  type LoteNuevoContext,
} from './reacciones';
