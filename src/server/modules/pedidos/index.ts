export {
  registrarAlEmbarcar,
  registrarAlPagar,
  registrarAlResolverReclamo,
  type EmbarqueContext,
  type PedidoRow,
  type ResolucionContext,
} from './al-embarcar';
export { contratoDocumento } from './contrato';
export { enlacePedido } from './lifecycle';
export { desvincularDeLineas, desvincularDePlanLinea, vincularAPlanLinea } from './plan-linea';
export { reclamoDe } from './reclamo-aportes';
export { cancelarPorOperador, listReclamos as listReclamos, resolverReclamo } from './reclamos';
export { pagarPorCobro, reservarPedido, type CobroAplicado } from './service';
export { sinPedidoDeSolicitud } from './de-solicitud';
