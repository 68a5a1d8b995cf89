import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('compra-de-cafe'),
  lead: 'Comprar café verde de especialidad en Cereza sigue los mismos pasos que una buena compra de origen: buscar, catar, acordar, aprobar antes del embarque y recibir. La diferencia es que cada paso queda registrado, con el mismo formato para todos los lotes y con el productor al otro lado, sin intermediarios que oculten información. Esta guía recorre el proceso completo.',
  sections: [
    {
      id: 'crea-tu-cuenta',
      title: 'Crea tu cuenta de comprador',
      blocks: [
        'Para navegar por el catálogo no necesitas cuenta. Para guardar favoritos, pedir muestras y comprar, [regístrate](/Auth/Registro) y elige el tipo de cuenta **Comprador**.',
        'Después completa tu perfil de empresa: nombre comercial, tipo de comprador (tostador, importador, cafetería, distribuidor u otro), país y fecha de inicio de la actividad. Con la ciudad y una breve descripción, tu perfil queda completo y los productores saben con quién hablan antes de aceptar una solicitud de muestra.',
      ],
    },
    {
      id: 'busca-lotes',
      title: 'Busca en el catálogo',
      blocks: [
        'En el [catálogo de lotes](/lotes) ves todos los lotes publicados. Por defecto, los lotes **verificados** por nuestro laboratorio aparecen primero. Puedes filtrar por país y región, proceso, puntaje, precio, certificaciones, incoterm y posición, y ordenar por relevancia, fecha, puntaje o precio.',
        'Cada tarjeta resume lo esencial: foto, origen, proceso, puntaje, precio por kilo con su incoterm y sacos disponibles. El número de sacos es el stock real en ese momento, no una cifra orientativa.',
        'Si un lote te interesa pero aún no quieres decidir, márcalo como favorito con el corazón. Tu lista de favoritos está en tu panel de comprador.',
      ],
    },
    {
      id: 'lee-la-ficha',
      title: 'Lee la ficha del lote',
      blocks: [
        'La ficha reúne todo lo que un comprador profesional necesita: origen con altitud y, cuando el productor la aporta, la ubicación de la parcela; variedades, proceso, secado y cosecha; puntaje y notas de cata; humedad, actividad de agua, densidad y zaranda; sacos, peso por saco y lote mínimo; precio con incoterm y su desglose.',
        'Fíjate en tres datos antes de seguir: el **estado de verificación**, que te dice si el puntaje procede de nuestro laboratorio ([qué significa](/Guia/verificados)); el **incoterm**, que te dice qué incluye el precio ([cómo compararlo](/Guia/transparencia)), y la **posición**, que te dice si el café está en bodega, en tránsito o es una compra a futuro.',
      ],
    },
    {
      id: 'pide-una-muestra',
      title: 'Pide una muestra',
      blocks: [
        'Si el lote ofrece muestra, pulsa **Solicitar muestra** en su ficha: verás los gramos y el precio, la dirección de entrega viene rellenada con tu información comercial (puedes cambiarla) y puedes dejar un mensaje al productor. Una misma muestra no se pide dos veces: la ficha del lote te dice en qué punto está la tuya. La solicitud avanza por estos estados, que sigues en **Muestras**, en tu panel de comprador:',
        {
          ol: [
            '**Solicitada**: el productor recibe tu solicitud con los datos de tu empresa.',
            '**Aceptada** o **rechazada**: el productor decide. Si la rechaza, verás el motivo; por ejemplo, que el lote está casi agotado. Si no responde en 7 días, la solicitud expira. Mientras no se haya enviado, puedes cancelarla.',
            '**Enviada**: el productor la despacha y registra el transportista y el número de guía, con el enlace de seguimiento cuando el transportista lo tiene.',
            '**Entregada**: la marcas como recibida al llegar (si no lo haces, pasa a entregada sola 21 días después del envío). Te recordaremos catarla a los 7 y a los 14 días.',
            '**Catada**: completas la ficha de cata SCA: siete atributos de 6 a 10 en pasos de 0,25, uniformidad, taza limpia y dulzor por taza, defectos, descriptores, un comentario por atributo y tu decisión. El total se calcula mientras escribes y la ficha le llega al productor.',
            '**Cerrada sin cata**: si pasan 30 días desde la entrega sin ficha, la muestra se cierra. Con tres o más muestras recibidas hace más de 14 días sin catar no podrás pedir otra hasta catarlas.',
          ],
        },
        'La ficha de cata no es un trámite: es la información que el productor rara vez recibe en el comercio tradicional y la que le permite mejorar. Para catar con método, lee [cómo catar muestras de pre-embarque](/Blog/como-catar-muestras-de-pre-embarque).',
      ],
    },
    {
      id: 'haz-tu-pedido',
      title: 'Haz tu pedido: un contrato con estados',
      blocks: [
        'Cuando decides comprar, indicas el número de sacos (igual o superior al lote mínimo) y el incoterm. En ese momento se crea una **reserva**: los sacos se descuentan del lote de forma atómica, así que nadie más puede comprarlos mientras el pedido sigue adelante. Si dos compradores piden los últimos sacos a la vez, solo uno consigue la reserva; el otro recibe un aviso inmediato.',
        'El pedido es un contrato entre tú y el productor, y avanza por estados que ambos ven:',
        {
          ol: [
            '**Reserva**: has pedido los sacos y quedan apartados.',
            '**Confirmado**: el productor acepta las condiciones: cantidad, precio, incoterm y ventana de embarque.',
            '**Pre-embarque aprobado**: has catado la muestra de pre-embarque y coincide con lo que compraste.',
            '**Embarcado**: el café ha salido, con sus documentos y datos de seguimiento.',
            '**Entregado**: el café ha llegado al lugar acordado.',
            '**Pagado**: el pago se ha completado según las condiciones del contrato.',
            '**Completado**: el contrato queda cerrado y en el historial de ambas partes.',
          ],
        },
        'Un pedido puede cancelarse antes del embarque según lo acordado, y los sacos reservados vuelven al lote. Si surge una discrepancia, por ejemplo sobre el estado del café a la llegada, puedes abrir una disputa y Cereza media entre las partes con la información registrada: fichas de cata, muestras y documentos.',
      ],
    },
    {
      id: 'aprueba-el-pre-embarque',
      title: 'Aprueba la muestra de pre-embarque',
      blocks: [
        'Antes de embarcar, el productor te envía una muestra tomada de los sacos preparados. El pedido no pasa a embarcado hasta que la apruebas. Cátala junto a la muestra de oferta, revisa la humedad y los defectos y responde pronto: el productor tiene reservado el espacio en el transporte.',
        {
          note: 'Si la muestra no coincide con lo comprado, recházala con el motivo en tu ficha de cata. El pedido no avanza hasta que ambas partes acuerden una solución.',
        },
      ],
    },
    {
      id: 'recibe-y-paga',
      title: 'Recibe el café y completa el pago',
      blocks: [
        'Con el pedido embarcado verás los datos del envío. Al recibir el café, revisa los sacos, el peso y el estado de las bolsas herméticas, y toma una muestra de llegada. En la guía de [logística para compradores](/Guia/logistica-para-compradores) tienes una lista de comprobación para la recepción.',
        'El pago se hace según las condiciones del contrato y la factura queda disponible en tu panel. El precio que pagas es el que viste en la ficha, con su [desglose](/Guia/transparencia): precio en finca, costos de exportación y comisión de la plataforma. Comprar en Cereza no tiene otros cargos: los servicios opcionales de laboratorio y logística solo se pagan si los contratas, y se facturan aparte.',
      ],
    },
  ],
  related: ['verificados', 'logistica-para-compradores', 'transparencia'],
  cta: { label: 'Ver el catálogo de lotes', to: '/lotes' },
};
