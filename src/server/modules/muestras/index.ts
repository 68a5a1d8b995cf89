export type { EnvioPss, SolicitudDeRespuesta } from './lifecycle';
export { enviarMuestraPss, solicitarMuestraDeRespuesta } from './service';
