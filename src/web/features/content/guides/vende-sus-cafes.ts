import { COMISION_LABEL } from '../../../../contract/lotes-codes';
import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('vende-sus-cafes'),
  lead: `Cereza conecta a fincas, cooperativas, asociaciones y estaciones de lavado con tostadores, importadores y cafeterías que buscan café de especialidad con origen claro. Publicar es gratuito: Cereza solo cobra una comisión cuando vendes, el ${COMISION_LABEL} del precio, y esa comisión aparece a la vista en el precio de cada lote. Esta guía explica cómo empezar y cómo conseguir que tus lotes se vendan.`,
  sections: [
    {
      id: 'quien-puede-vender',
      title: 'Quién puede vender',
      blocks: [
        'Puede vender en Cereza cualquier organización que produzca o procese café y pueda exportarlo, directamente o a través de un exportador: una finca, un grupo de fincas, una asociación, una cooperativa, una estación de lavado o un beneficio seco.',
        'Si no tienes licencia de exportación, no es un obstáculo: muchos productores trabajan con un exportador o con su cooperativa. Su servicio se incluye en los costos de exportación del lote, como explicamos en [transparencia de precios](/Guia/transparencia).',
      ],
    },
    {
      id: 'crea-tu-perfil',
      title: 'Crea tu cuenta y tu perfil',
      blocks: [
        '[Regístrate](/Auth/Registro) y elige el tipo de cuenta **Productor**. Después crea tu perfil con cuatro datos obligatorios: tipo de organización, nombre, país y región.',
        'Con eso ya puedes publicar, pero un perfil completo vende más. Añade una descripción de tu finca u organización, la altitud, tu foto o logotipo, una imagen de portada y una galería de fotos de la finca, la cosecha y el beneficio. Si tienes certificaciones, indícalas. Los compradores visitan tu perfil público antes de pedir una muestra: quieren saber con quién van a trabajar.',
        'Tu perfil público tiene además una sección de **noticias**, donde puedes contar cómo va la cosecha, qué estás probando en el beneficio o cuándo llegará el próximo lote. Es la forma más sencilla de mantener el contacto con tus compradores entre una compra y la siguiente.',
      ],
    },
    {
      id: 'publica-un-lote',
      title: 'Publica un lote completo',
      blocks: [
        'Desde tu panel de productor, en **Lotes**, crea un lote nuevo. Cuanto más completa sea la ficha, menos preguntas tendrás que responder y más compradores te encontrarán con los filtros del catálogo:',
        {
          ul: [
            '**Identidad**: un código único, como CO-HUI-24-014, que pondrás también en las muestras y en los sacos; un nombre y una descripción.',
            '**Origen**: región, municipio, finca, rango de altitud y, si la tienes, la ubicación de la parcela, imprescindible para vender a la Unión Europea ([por qué](/Blog/eudr-y-trazabilidad)).',
            '**Café**: variedades, proceso, secado, cosecha (mes y año), puntaje y hasta ocho notas de cata.',
            '**Análisis físico**: humedad, actividad de agua, densidad y zaranda.',
            '**Oferta**: sacos disponibles, peso por saco, lote mínimo, precio por kilo con moneda e incoterm, el desglose del precio, certificaciones y posición (en bodega, en tránsito o futuro).',
            '**Fotos**: hasta doce imágenes; la primera será la portada del lote en el catálogo.',
            '**Muestra**: si ofreces muestras, cuántos gramos y a qué precio.',
          ],
        },
        'Puedes guardar un lote oculto mientras lo completas y publicarlo cuando esté listo.',
      ],
    },
    {
      id: 'verifica-tus-lotes',
      title: 'Verifica tus lotes',
      blocks: [
        'Todo lote nuevo empieza en estado **Muestra por enviar**. Cuando envías la muestra de referencia a nuestro laboratorio, la analizamos, la catamos y publicamos el resultado. Los lotes verificados llevan una insignia y aparecen primero en el catálogo, así que es el paso que más visibilidad te da.',
        'La verificación de la muestra de referencia está incluida en el servicio; solo pagas el envío de la muestra. La guía de [control de calidad](/Guia/control-de-calidad) explica cómo prepararla, y la de [lotes verificados](/Guia/verificados), los criterios.',
      ],
    },
    {
      id: 'responde-a-muestras',
      title: 'Responde a las solicitudes de muestra',
      blocks: [
        'Cuando un comprador pide una muestra, la recibes en **Muestras**, en tu panel de productor con su empresa, su dirección y su mensaje, ordenada por lo que toca hacer: por responder, por enviar, enviadas y catadas. Acéptala o recházala indicando el motivo; tienes 7 días para responder, después la solicitud expira. Al enviarla, indica el transportista y el número de guía y sube una foto de la bolsa con la etiqueta del lote.',
        'Cuando el comprador la cate, recibirás su **ficha de cata**: puntuaciones, defectos, descriptores, comentarios y su decisión. En **Catas recibidas** (y en la página de cada lote) verás la distribución de los puntajes, la media de cada atributo en un gráfico de radar y los descriptores que encontraron los compradores. Léela con atención aunque no haya compra: es información directa de quien tuesta tu café, y te ayuda a preparar mejor el siguiente lote.',
        {
          note: 'Responde a las solicitudes en pocos días. Un comprador que espera una muestra durante semanas suele comprar a otro productor.',
        },
      ],
    },
    {
      id: 'gestiona-pedidos',
      title: 'Gestiona los pedidos',
      blocks: [
        'Cuando un comprador reserva sacos de tu lote, se descuentan del stock en ese momento, así que nunca venderás dos veces el mismo café. El pedido es un contrato que avanza por estados:',
        {
          ol: [
            '**Reservado**: revisa la cantidad, el lugar del incoterm, la condición de pago y si el contrato depende de la muestra de pre-embarque. Tienes 72 horas para confirmar; si no, la reserva expira y los sacos vuelven al lote.',
            '**Confirmado**: al confirmar se genera el contrato en PDF con las condiciones fijadas. Necesitas razón social, identificación fiscal y dirección en tu información comercial (y el comprador en la suya).',
            '**Muestra de pre-embarque**: si el contrato lo pide, envías una muestra de los sacos preparados y el comprador la cata. Si la rechaza, puedes enviar una sola de reemplazo en 14 días.',
            '**Embarcado**: registras naviera, contenedor, conocimiento de embarque, fechas de salida y llegada y los documentos. Ese día se emiten tu factura al comprador, en tu propia serie, y la factura de la comisión de Cereza.',
            '**Entregado** y **completado**: el comprador confirma la recepción (o pasa a entregado 14 días después de la llegada prevista), tiene 28 días para reclamar, y el pedido se completa cuando ese plazo se cierra y has registrado el cobro. Después cada parte valora a la otra.',
          ],
        },
        'Sigue tus ventas en **Ventas** (resumen por estado y por mes) y **Ventas › Pedidos** (lo que necesita tu acción); tus facturas, las de la comisión y el saldo, en **Información › Movimientos**, con exportación a CSV.',
        'Mantén el stock al día: si vendes sacos de un lote fuera de Cereza, actualiza los sacos disponibles para que los compradores vean siempre la cifra real.',
      ],
    },
    {
      id: 'consejos',
      title: 'Consejos para vender mejor',
      blocks: [
        {
          ul: [
            '**Fotos reales**: la finca, el secado, el café verde. Nada de imágenes de archivo.',
            '**Datos honestos**: un puntaje inflado se descubre en la primera muestra, y la confianza cuesta mucho de recuperar.',
            '**Desglose claro**: los compradores de comercio directo lo miran antes que el precio total.',
            '**Lotes separados**: publica por separado cafés de procesos o variedades distintos. Un comprador que busca un honey no quiere una mezcla.',
            '**Relación a largo plazo**: el [modelo de comercio directo](/Guia/modelo-comercio-directo) funciona cuando el comprador vuelve cosecha tras cosecha.',
          ],
        },
      ],
    },
  ],
  related: ['control-de-calidad', 'transparencia', 'modelo-comercio-directo'],
  cta: { label: 'Crear mi cuenta de productor', to: '/Auth/Registro' },
};
