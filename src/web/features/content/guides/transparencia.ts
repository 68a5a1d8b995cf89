import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('transparencia'),
  lead: 'En la cadena tradicional del café, el productor rara vez sabe a qué precio se vende su café en destino, y el tostador rara vez sabe cuánto de lo que paga llega a la finca. En Cereza, cada lote muestra su precio con el mismo desglose: precio en finca, costos de exportación y comisión de la plataforma. Esta guía explica qué hay en cada línea y cómo usar el desglose para comparar.',
  sections: [
    {
      id: 'el-desglose',
      title: 'Un solo formato para todos los lotes',
      blocks: [
        'El precio de un lote se expresa por kilo de café verde, en una moneda (dólares estadounidenses por defecto) y con un incoterm: EXW, FCA, FOB o DAP. Debajo del precio, la ficha muestra su desglose en tres líneas que siempre suman el total:',
        {
          ol: [
            '**Precio en finca**: lo que recibe el productor o la organización de productores por su café.',
            '**Costos de exportación**: todo lo necesario para llevar el café desde la finca hasta el punto de entrega del incoterm.',
            '**Comisión de la plataforma**: lo que cobra Cereza por su servicio.',
          ],
        },
        'El formato es el mismo para un microlote de dos cajas y para un contenedor de una cooperativa. Así puedes comparar lotes de orígenes distintos sin pedir aclaraciones a cada vendedor.',
      ],
    },
    {
      id: 'precio-en-finca',
      title: 'Precio en finca',
      blocks: [
        'Es la remuneración del productor por el café, ya sea pergamino seco que luego se trilla o café verde preparado en la propia finca. Lo fija el productor: Cereza no negocia ni fija precios.',
        'Cuando el vendedor es una cooperativa, una asociación o una estación de lavado, el precio en finca es lo que la organización paga o liquida a sus productores por ese lote, y conviene que su descripción explique cómo se reparte. Un comprador que valora el comercio directo lo preguntará.',
      ],
    },
    {
      id: 'costos-de-exportacion',
      title: 'Costos de exportación',
      blocks: [
        'Agrupan todo lo que ocurre entre la finca y el punto de entrega que marca el incoterm. Según el origen y el incoterm, incluyen:',
        {
          ul: [
            'trilla, selección por tamaño, densidad y color, y preparación para exportar;',
            'sacos de yute, bolsas herméticas como GrainPro o cajas al vacío;',
            'transporte interno hasta la bodega, la terminal o el puerto;',
            'trámites y documentos de exportación, contribuciones obligatorias del país de origen y, si el productor no exporta por sí mismo, el servicio del exportador;',
            'con incoterm DAP, además, el flete internacional, el seguro y el transporte hasta el lugar de destino.',
          ],
        },
        'Por eso los costos de exportación de un mismo lote cambian con el incoterm, mientras que el precio en finca no: el café es el mismo, lo que cambia es hasta dónde llega.',
      ],
    },
    {
      id: 'comision',
      title: 'La comisión de la plataforma',
      blocks: [
        'Es la forma en que Cereza gana dinero con cada venta, y por eso aparece como una línea propia, visible para el comprador y para el productor antes de cualquier pedido. No hay cargos ocultos en el precio del café ni cuotas de Cereza por publicar lotes o pedir muestras; si una muestra tiene precio, lo fija el productor y aparece en la ficha.',
        'Además, Cereza ofrece servicios opcionales de pago, como análisis adicionales de laboratorio o coordinación logística. Solo se pagan si los contratas, su precio se indica antes de contratarlos y se facturan aparte: nunca se suman al precio de un lote. Puedes leer más sobre nuestro modelo de negocio en [quiénes somos](/about).',
      ],
    },
    {
      id: 'ejemplo',
      title: 'Un ejemplo',
      blocks: [
        'Un lote lavado de Huila se ofrece a 8,40 USD/kg FOB. Su desglose podría ser: precio en finca, 6,60 USD/kg; costos de exportación, 1,40 USD/kg; comisión de la plataforma, 0,40 USD/kg. El mismo lote en DAP Madrid costaría más por kilo, porque los costos de exportación incluirían el flete, el seguro y la entrega; el precio en finca seguiría siendo 6,60 USD/kg.',
        'Las cifras son ilustrativas. Lo que importa es la lectura: en este lote, el 79 % de lo que paga el comprador llega al productor. Es un dato que puedes comunicar a tus clientes con respaldo.',
      ],
    },
    {
      id: 'comparar-incoterms',
      title: 'Cómo comparar lotes con incoterms distintos',
      blocks: [
        'Para comparar el valor del café, compara el **precio en finca**. Para comparar lo que te costará, lleva cada oferta a un **precio puesto en tu almacén por kilo**: a un precio FOB súmale el flete, el seguro, los gastos de puerto, el despacho de importación y el transporte interno; a un precio DAP, solo el despacho y los impuestos de importación que correspondan.',
        'En el artículo [incoterms para tostadores](/Blog/incoterms-para-tostadores) tienes un ejemplo completo del cálculo, y en la guía de [logística para compradores](/Guia/logistica-para-compradores), qué implica cada incoterm en la práctica.',
      ],
    },
    {
      id: 'para-productores',
      title: 'Para productores: cómo declarar el desglose',
      blocks: [
        'Al publicar un lote, indicas el precio por kilo, la moneda, el incoterm y las tres líneas del desglose. Algunos consejos:',
        {
          ul: [
            'Calcula tus costos de exportación con las cifras reales de tu última exportación, no con estimaciones optimistas. Si cambian, actualiza el lote.',
            'Si trabajas con un exportador, incluye su servicio en los costos de exportación, no en el precio en finca.',
            'Si puedes ofrecer más de un incoterm, publica el más habitual para tus compradores y acuerda los demás en el pedido.',
          ],
        },
        'Un desglose claro no solo genera confianza: atrae a los compradores que buscan relaciones de largo plazo. Te contamos cómo publicar un lote completo en [vende tus cafés](/Guia/vende-sus-cafes).',
      ],
    },
  ],
  related: ['modelo-comercio-directo', 'logistica-para-compradores', 'vende-sus-cafes'],
  cta: { label: 'Ver precios en el catálogo', to: '/lotes' },
};
