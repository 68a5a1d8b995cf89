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
        'Cuando decides comprar, pulsa **Comprar** en la ficha del lote: eliges los sacos (desde el lote mínimo), el lugar del incoterm, la condición de pago y si el contrato depende de la muestra de pre-embarque. Se crea una **reserva**: los sacos se descuentan del lote de forma atómica, así que nadie más puede comprarlos. Si dos compradores piden los últimos sacos a la vez, solo uno los consigue. El precio y las demás condiciones se copian del lote y quedan fijados.',
        'El pedido es un contrato entre tú y el productor, y avanza por estados que ambos ven en **Pedidos**:',
        {
          ol: [
            '**Reservado**: has pedido los sacos y quedan apartados. Si el productor no confirma en 72 horas, la reserva expira.',
            '**Confirmado**: el productor acepta y se genera el contrato en PDF. Ambas partes necesitan razón social, identificación fiscal y dirección en su información comercial.',
            '**Muestra de pre-embarque enviada, aprobada o rechazada**: solo si el contrato depende de ella.',
            '**Embarcado**: el café ha salido, con contenedor, conocimiento de embarque, fechas y documentos.',
            '**Entregado**: confirmas la recepción (o pasa solo 14 días después de la llegada prevista) y tienes 28 días para reclamar.',
            '**Completado**: cerrado el plazo de reclamo y registrado el pago; cada parte valora a la otra.',
          ],
        },
        'El pago tiene su propio estado: pendiente, pagado o vencido. Tras la confirmación, una cancelación la propone una parte y la acepta la otra, y los sacos vuelven al lote. Si algo no está bien a la llegada, abre un **reclamo**: Cereza lo resuelve con las fichas de cata, las muestras y los documentos, sin cambios, con un descuento (una factura rectificativa) o con la cancelación.',
      ],
    },
    {
      id: 'aprueba-el-pre-embarque',
      title: 'Aprueba la muestra de pre-embarque',
      blocks: [
        'Si tu contrato depende de ella, el productor te envía una muestra de los sacos preparados y el pedido no se embarca hasta que la apruebas. Cátala junto a la muestra de oferta, revisa la humedad y los defectos y responde pronto: el productor tiene reservado el espacio en el transporte.',
        {
          note: 'Si la muestra no coincide con lo comprado, recházala con el motivo en tu ficha de cata. El productor puede enviar una sola muestra de reemplazo; si tampoco te convence, o no llega en 14 días, el pedido se cancela.',
        },
      ],
    },
    {
      id: 'recibe-y-paga',
      title: 'Recibe el café y completa el pago',
      blocks: [
        'Con el pedido embarcado verás los datos del envío. Al recibir el café, revisa los sacos, el peso y el estado de las bolsas herméticas, toma una muestra de llegada y confirma la recepción en el pedido. En la guía de [logística para compradores](/Guia/logistica-para-compradores) tienes una lista de comprobación para la recepción.',
        'La factura del productor aparece en **Facturas**, en tu panel, en cuanto el pedido se embarca. El precio que pagas es el que viste en la ficha, con su [desglose](/Guia/transparencia): precio en finca, costos de exportación y comisión de la plataforma. Comprar en Cereza no tiene otros cargos: los servicios opcionales de laboratorio y logística solo se pagan si los contratas, y se facturan aparte.',
      ],
    },
  ],
  related: ['verificados', 'logistica-para-compradores', 'transparencia'],
  cta: { label: 'Ver el catálogo de lotes', to: '/lotes' },
};
