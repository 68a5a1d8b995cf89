// The Spanish reading of typed numbers lives in the contract (the server reads form texts the same way).
export { formatoEs, readNumero as readNumero, type LecturaNumero, type OpcionesNumero } from '../../../contract/numero';
