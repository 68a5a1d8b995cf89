export { closeReporte } from './service';
