import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('modelo-comercio-directo'),
  lead: 'Comercio directo significa que quien produce el café y quien lo tuesta se conocen, negocian entre ellos y saben qué recibe cada uno. No es una certificación ni un sello: es una forma de trabajar. Cereza existe para que esa forma de trabajar sea posible también para tostadores pequeños y productores sin red comercial en el extranjero. Esta guía explica cómo funciona y qué papel tiene la plataforma.',
  sections: [
    {
      id: 'la-cadena-tradicional',
      title: 'La cadena tradicional',
      blocks: [
        'En la cadena convencional, el café pasa por muchas manos: el productor vende su café pergamino a un comprador local o a un intermediario; este lo vende a un exportador, que lo trilla, lo clasifica y lo vende a un importador en el país de consumo; el importador lo almacena y lo vende al tostador. Cada eslabón aporta un servicio real (financiación, logística, control de calidad, asunción de riesgos), pero la información se pierde por el camino.',
        'El resultado es conocido: el productor no sabe a quién llega su café ni qué opinan de él, y el tostador no sabe cuánto de lo que paga llega a la finca. Cuando el precio de bolsa baja, el productor lo nota de inmediato; cuando un tostador paga más por un gran café, el productor no siempre lo nota.',
      ],
    },
    {
      id: 'que-es-comercio-directo',
      title: 'Qué entendemos por comercio directo',
      blocks: [
        'En Cereza, una compra de comercio directo cumple cuatro condiciones:',
        {
          ol: [
            '**Las partes se conocen.** El comprador ve el perfil del productor (quién es, dónde está, cómo trabaja) y el productor ve la empresa del comprador antes de aceptar una muestra o un pedido.',
            '**El productor fija su precio.** Cereza no compra café para revenderlo ni fija precios. Publica el precio que decide el productor, con su desglose.',
            '**El precio es transparente.** Cada lote muestra cuánto corresponde al productor, cuánto a los costos de exportación y cuánto a la comisión de la plataforma. Lo explicamos en [transparencia de precios](/Guia/transparencia).',
            '**La información vuelve.** Las fichas de cata de los compradores llegan al productor, y el contrato de cada pedido queda registrado para ambas partes.',
          ],
        },
      ],
    },
    {
      id: 'que-hace-cereza',
      title: 'Qué hace Cereza y qué no',
      blocks: [
        'La plataforma hace el trabajo que permite confiar en alguien a quien no conoces en persona:',
        {
          ul: [
            '**Un formato común** para todas las fichas de lote, para que puedas comparar sin traducir.',
            '**Stock real**: los sacos se reservan de forma atómica al crear el pedido, así que lo que ves disponible lo está.',
            '**Verificación independiente** de la calidad en nuestro laboratorio ([cómo funciona](/Guia/verificados)).',
            '**Muestras con seguimiento** y fichas de cata estructuradas.',
            '**Pedidos como contratos**, con estados que ambas partes ven: reserva, confirmación, aprobación de pre-embarque, embarque, entrega, pago y cierre.',
            '**Mediación** si surge una disputa, con la información registrada en el pedido.',
          ],
        },
        'Lo que Cereza no hace: no es propietaria del café, no decide qué se compra ni a qué precio y no sustituye al exportador cuando el productor lo necesita. Si tu finca exporta a través de una cooperativa o de un exportador, ese servicio sigue existiendo y aparece, con su costo, en los costos de exportación.',
      ],
    },
    {
      id: 'para-compradores',
      title: 'Lo que gana el comprador',
      blocks: [
        {
          ul: [
            '**Trazabilidad real**: finca, altitud, proceso, cosecha y, cuando el productor la aporta, la ubicación de la parcela.',
            '**Un relato verdadero** para tus clientes, con datos y fotos del propio productor.',
            '**Continuidad**: si un café te gusta, puedes volver a comprarlo la siguiente cosecha a la misma finca, y seguir sus noticias mientras tanto.',
            '**Influencia en la calidad**: tu ficha de cata llega al productor. Con el tiempo, puedes acordar con él cambios en la selección o el proceso.',
          ],
        },
      ],
    },
    {
      id: 'para-productores',
      title: 'Lo que gana el productor',
      blocks: [
        {
          ul: [
            '**Acceso a compradores** de otros países sin necesidad de viajar a ferias ni tener agentes.',
            '**Un precio que reconoce la calidad**: el puntaje verificado y las fichas de cata respaldan un precio superior al de la bolsa.',
            '**Información**: sabes quién tuesta tu café y qué opina de él.',
            '**Relaciones estables**: un comprador que vuelve cada cosecha te permite planificar e invertir en la finca.',
          ],
        },
      ],
    },
    {
      id: 'relacion-a-largo-plazo',
      title: 'Una relación, no una transacción',
      blocks: [
        'El comercio directo funciona mejor cuando dura. Algunas prácticas que vemos en las relaciones que funcionan:',
        {
          ul: [
            'El comprador anticipa sus volúmenes de la siguiente cosecha y el productor reserva café para él, con lotes en posición **Futuro** y una ventana de embarque acordada.',
            'Ambas partes hablan de calidad con fichas de cata, no con impresiones.',
            'Cuando hay un problema (un retraso, una taza por debajo de lo esperado), se habla pronto y se documenta en el pedido.',
            'El comprador comparte con sus clientes la historia del productor, con su permiso, y el productor cuenta en sus noticias a dónde llega su café.',
          ],
        },
        'Si quieres empezar, la guía de [compra de café](/Guia/compra-de-cafe) explica el proceso para compradores, y la de [vende tus cafés](/Guia/vende-sus-cafes), el de productores.',
      ],
    },
  ],
  related: ['transparencia', 'compra-de-cafe', 'vende-sus-cafes'],
  cta: { label: 'Crear una cuenta', to: '/Auth/Registro' },
};
