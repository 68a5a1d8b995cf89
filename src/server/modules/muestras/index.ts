export type { EnvioPss, SolicitudDeRespuesta } from './lifecycle';
export { enviarMuestraPss, recordCataDeLaboratorio, solicitarMuestraDeRespuesta } from './service';
