export { PRODUCTOR_NOT_FOUND, assertPublicProductor } from './service';
