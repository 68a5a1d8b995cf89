import { defineTipo } from './notificaciones-tipo';
import { cuenta } from './plural';

type P = { numero: string; lote: string };

/** Notifications of the order table (docs/TRADE.md "Orders as contracts"): one per move the other party must know. */
export const PEDIDO_NOTIFICACIONES = {
  PEDIDO_RESERVADO: defineTipo({
    group: 'pedidos',
    roles: ['PRODUCTOR'],
    label: 'Nuevas reservas de tus lotes',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { comprador: string; sacos: number }) =>
      `${p.comprador} reservó ${cuenta(p.sacos, 'saco')} de «${p.lote}»`,
    texto: (p) =>
      `${p.comprador} ha reservado ${cuenta(p.sacos, 'saco')} de «${p.lote}» (pedido ${p.numero}). Tienes 72 horas para confirmarlo; después la reserva expira y los sacos vuelven al lote.`,
  }),
  PEDIDO_ESPERA_DATOS: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Pedidos que esperan tu información comercial',
    email: true,
    accion: 'Completar la información comercial',
    titulo: (p: P & { faltan: string }) => `Tu pedido ${p.numero} espera tu información comercial`,
    texto: (p) =>
      `El productor no puede confirmar tu pedido ${p.numero} de «${p.lote}» hasta que el contrato tenga tus datos: falta ${p.faltan}. Complétalos en Mi cuenta › Información comercial; la reserva expira si no se confirma en 72 horas.`,
  }),
  PEDIDO_CONFIRMADO: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Pedidos confirmados',
    email: true,
    accion: 'Ver el contrato',
    titulo: (p: P) => `El productor confirmó tu pedido ${p.numero}`,
    texto: (p) =>
      `Tu pedido ${p.numero} de «${p.lote}» está confirmado. El contrato con los términos acordados está en los documentos del pedido.`,
  }),
  PEDIDO_DDS_REGISTRADA: defineTipo({
    group: 'pedidos',
    label: 'Declaraciones de diligencia debida (EUDR) registradas en tus pedidos',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { referencia: string }) => `Declaración EUDR registrada en el pedido ${p.numero}`,
    texto: (p) =>
      `Se registró la declaración de diligencia debida del pedido ${p.numero} de «${p.lote}»: número de referencia ${p.referencia}. Consérvalo: quien compre después este café lo necesita.`,
  }),
  PEDIDO_CANCELADO: defineTipo({
    group: 'pedidos',
    label: 'Pedidos cancelados',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { motivo: string }) => `El pedido ${p.numero} se canceló`,
    texto: (p) => `El pedido ${p.numero} de «${p.lote}» se ha cancelado. Motivo: ${p.motivo}`,
  }),
  PEDIDO_CANCELACION_PEDIDA: defineTipo({
    group: 'pedidos',
    label: 'Propuestas de cancelación',
    email: true,
    accion: 'Responder',
    titulo: (p: P & { quien: string }) => `${p.quien} propone cancelar el pedido ${p.numero}`,
    texto: (p) =>
      `${p.quien} propone cancelar el pedido ${p.numero} de «${p.lote}». Si estás de acuerdo, cancélalo desde el pedido; si no, sigue adelante.`,
  }),
  PEDIDO_EXPIRADO: defineTipo({
    group: 'pedidos',
    label: 'Reservas que expiran sin confirmar',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P) => `La reserva ${p.numero} expiró`,
    texto: (p) =>
      `El productor no confirmó en 72 horas la reserva ${p.numero} de «${p.lote}». Ha expirado y los sacos vuelven al lote.`,
  }),
  PEDIDO_PSS_ENVIADA: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Muestras de preembarque enviadas',
    email: true,
    accion: 'Ver la muestra',
    titulo: (p: P) => `Muestra de preembarque del pedido ${p.numero} en camino`,
    texto: (p) =>
      `El productor ha enviado la muestra de preembarque de «${p.lote}» (pedido ${p.numero}). Cuando llegue, cátala y apruébala o recházala.`,
  }),
  PEDIDO_PSS_DECIDIDA: defineTipo({
    group: 'pedidos',
    roles: ['PRODUCTOR'],
    label: 'Muestras de preembarque aprobadas o rechazadas',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { decision: string }) => `El comprador ${p.decision} la muestra del pedido ${p.numero}`,
    texto: (p) => `El comprador ${p.decision} la muestra de preembarque de «${p.lote}» (pedido ${p.numero}).`,
  }),
  PEDIDO_EMBARCADO: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Pedidos embarcados',
    email: true,
    accion: 'Ver el embarque',
    titulo: (p: P & { naviera: string; eta: string }) => `Tu pedido ${p.numero} está embarcado`,
    texto: (p) =>
      `El café de «${p.lote}» (pedido ${p.numero}) viaja con ${p.naviera}; llegada estimada el ${p.eta}. Los documentos de embarque están en el pedido.`,
  }),
  PEDIDO_ENTREGADO: defineTipo({
    group: 'pedidos',
    roles: ['PRODUCTOR'],
    label: 'Pedidos entregados',
    email: false,
    accion: 'Ver el pedido',
    titulo: (p: P) => `El pedido ${p.numero} fue entregado`,
    texto: (p) =>
      `El pedido ${p.numero} de «${p.lote}» consta como entregado. El comprador tiene 28 días para abrir un reclamo.`,
  }),
  PEDIDO_RECLAMO: defineTipo({
    group: 'pedidos',
    roles: ['PRODUCTOR'],
    label: 'Reclamos abiertos',
    email: true,
    accion: 'Ver el reclamo',
    titulo: (p: P) => `El comprador abrió un reclamo en el pedido ${p.numero}`,
    texto: (p) =>
      `El comprador abrió un reclamo en el pedido ${p.numero} de «${p.lote}». Un operador de Cereza lo revisará con ambas partes.`,
  }),
  PEDIDO_RECLAMO_RESPONDIDO: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Respuestas del productor a tus reclamos',
    email: true,
    accion: 'Ver el reclamo',
    titulo: (p: P & { postura: string }) => `El productor respondió a tu reclamo del pedido ${p.numero}`,
    texto: (p) =>
      `El productor ${p.postura} en el pedido ${p.numero} de «${p.lote}». Un operador de Cereza decidirá con el reclamo, las evidencias y esta respuesta.`,
  }),
  PEDIDO_RECLAMO_RESUELTO: defineTipo({
    group: 'pedidos',
    label: 'Reclamos resueltos por Cereza',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { resolucion: string }) => `Cereza resolvió el reclamo del pedido ${p.numero}`,
    texto: (p) => `Pedido ${p.numero} de «${p.lote}». ${p.resolucion}`,
  }),
  PEDIDO_COMPLETADO: defineTipo({
    group: 'pedidos',
    label: 'Pedidos completados',
    email: true,
    accion: 'Valorar',
    titulo: (p: P) => `El pedido ${p.numero} está completado`,
    texto: (p) => `El pedido ${p.numero} de «${p.lote}» se ha completado. Ya puedes valorar a la otra parte.`,
  }),
  PEDIDO_PAGO_REGISTRADO: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Pagos registrados por el productor',
    email: false,
    accion: 'Ver el pedido',
    titulo: (p: P) => `El productor registró tu pago del pedido ${p.numero}`,
    texto: (p) => `El productor ha registrado como recibido tu pago del pedido ${p.numero} de «${p.lote}».`,
  }),
  PEDIDO_PAGO_RECIBIDO: defineTipo({
    group: 'pedidos',
    label: 'Pagos recibidos por Cereza',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P) => `Cereza recibió el pago del pedido ${p.numero}`,
    texto: (p) =>
      `La transferencia del pedido ${p.numero} de «${p.lote}» llegó a la cuenta de clientes de Cereza y el pedido consta como pagado.`,
  }),
  PEDIDO_PAGO_PARCIAL: defineTipo({
    group: 'pedidos',
    label: 'Pagos parciales recibidos por Cereza',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { recibido: string; pendiente: string; comprador: 0 | 1 }) =>
      `Pago parcial del pedido ${p.numero}: quedan ${p.pendiente}`,
    texto: (p) =>
      p.comprador
        ? `Cereza recibió ${p.recibido} de tu transferencia para el pedido ${p.numero} de «${p.lote}». Quedan ${p.pendiente} por pagar: transfiérelos con la misma referencia.`
        : `Cereza recibió ${p.recibido} del comprador para el pedido ${p.numero} de «${p.lote}». Quedan ${p.pendiente} por pagar; te avisaremos cuando esté pagado.`,
  }),
  PEDIDO_PAGO_RECORDATORIO: defineTipo({
    group: 'pedidos',
    roles: ['COMPRADOR'],
    label: 'Recordatorios de pago',
    email: true,
    accion: 'Ver cómo pagar',
    titulo: (p: P & { cuando: string; importe: string; vencido: 0 | 1 }) =>
      p.vencido
        ? `El pago del pedido ${p.numero} venció el ${p.cuando}`
        : `Pedido ${p.numero}: el pago vence el ${p.cuando}`,
    texto: (p) =>
      p.vencido
        ? `Quedan ${p.importe} por pagar del pedido ${p.numero} de «${p.lote}», vencido el ${p.cuando}. Transfiere a la cuenta de clientes de Cereza con la referencia del pedido.`
        : `Quedan ${p.importe} por pagar del pedido ${p.numero} de «${p.lote}» antes del ${p.cuando}. Transfiere a la cuenta de clientes de Cereza con la referencia del pedido.`,
  }),
  PEDIDO_PAGO_VENCIDO: defineTipo({
    group: 'pedidos',
    label: 'Pagos vencidos',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P) => `El pago del pedido ${p.numero} está vencido`,
    texto: (p) => `Venció el plazo de pago del pedido ${p.numero} de «${p.lote}» sin que conste el pago.`,
  }),
  PEDIDO_RECORDATORIO: defineTipo({
    group: 'pedidos',
    label: 'Recordatorios de plazos de pedidos',
    email: true,
    accion: 'Ver el pedido',
    titulo: (p: P & { que: string; cuando: string }) => `Pedido ${p.numero}: ${p.que} antes del ${p.cuando}`,
    texto: (p) => `Recuerda: en el pedido ${p.numero} de «${p.lote}» tienes hasta el ${p.cuando} para ${p.que}.`,
  }),
  PEDIDO_RESENA: defineTipo({
    group: 'pedidos',
    label: 'Valoraciones recibidas',
    email: false,
    accion: 'Ver la valoración',
    titulo: (p: P & { estrellas: number }) => `Te valoraron con ${p.estrellas} estrellas (pedido ${p.numero})`,
    texto: (p) =>
      `La otra parte del pedido ${p.numero} de «${p.lote}» te ha valorado con ${p.estrellas} de 5 estrellas.`,
  }),
};
