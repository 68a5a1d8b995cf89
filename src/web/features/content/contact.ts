import { CEREZA, direccionCerezaLineas } from '../../../contract/cereza';

/** How to reach Cereza, shown on /about and at the foot of the help centre: its one legal identity (contract/cereza). */
export const CONTACT = {
  razonSocial: CEREZA.razonSocial,
  nif: CEREZA.nif,
  email: CEREZA.email,
  address: direccionCerezaLineas(),
  hours: CEREZA.horario,
  responseTime: CEREZA.respuesta,
};
