export { lotesChanged } from './changed';
export {
  eudrDeLote,
  recomputeEudr as recomputeEudr,
  recomputeEudrOfFincas as recomputeEudrOfFincas,
  riesgoDe,
} from './eudr';
export { lotePublicado } from './publicado';
export { publicarLotesDeProductor, ocultarLotesDeProductor, ocultarPorOperador } from './visibilidad';
export { createPrivateLote, type LotePrivado } from './privado';
export { liberarSacos, reservarSacos, venderSacos } from './stock';
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
  registrarAlRetirarLote,
  type LoteEditadoContext,
  type LoteNuevoContext,
  type LoteRetiradoContext,
} from './reacciones';
