import { defineTipo } from './notificaciones-tipo';

/** Notifications about the producer's payouts (issue 29, docs/decisions/056). */
export const LIQUIDACION_NOTIFICACIONES = {
  CUENTA_COBRO_CAMBIADA: defineTipo({
    group: 'cuenta',
    roles: ['PRODUCTOR'],
    label: 'Cambios de la cuenta de cobro',
    email: 'siempre',
    accion: 'Revisar mi cuenta de cobro',
    titulo: () => 'Tu cuenta de cobro ha cambiado',
    texto: (p: { cuenta: string; vigenteDesde: string }) =>
      `Se ha registrado una nueva cuenta de cobro en Cereza (${p.cuenta}). Por seguridad, no enviaremos pagos a ella hasta el ${p.vigenteDesde}. Si no has sido tú, cambia tu contraseña y escríbenos a soporte@cereza.example cuanto antes: pararemos los pagos.`,
  }),
  LIQUIDACION_CONFIRMADA: defineTipo({
    group: 'facturas',
    roles: ['PRODUCTOR'],
    label: 'Liquidaciones pagadas por Cereza',
    email: true,
    accion: 'Ver cobros y liquidaciones',
    titulo: (p: { importe: string }) => `Cereza te ha pagado ${p.importe}`,
    texto: (p: { importe: string; cuenta: string }) =>
      `El banco ha confirmado la transferencia de ${p.importe} a tu cuenta ${p.cuenta}. El extracto de la liquidación, con las facturas que cubre y la comisión descontada, está en Cobros y liquidaciones.`,
  }),
  LIQUIDACION_DEVUELTA: defineTipo({
    group: 'facturas',
    roles: ['PRODUCTOR'],
    label: 'Liquidaciones devueltas por el banco',
    email: true,
    accion: 'Revisar mi cuenta de cobro',
    titulo: (p: { importe: string }) => `El banco devolvió tu liquidación de ${p.importe}`,
    texto: (p: { importe: string; cuenta: string }) =>
      `La transferencia de ${p.importe} a tu cuenta ${p.cuenta} ha vuelto a Cereza. Revisa tu cuenta de cobro: el importe vuelve a estar pendiente y te lo enviaremos en la siguiente remesa.`,
  }),
};
