export { getDireccionLaboratorio, setDireccionLaboratorio } from './service';
