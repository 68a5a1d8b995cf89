export { closeReporte } from './service';
export { forgetParticipante } from './al-eliminar-cuenta';
