import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('verificados'),
  lead: 'La insignia Verificado indica que el laboratorio de calidad de Cereza ha recibido una muestra de referencia del lote, la ha analizado y catado, y ha publicado su propio puntaje. Es una segunda opinión independiente de la del productor. Esta guía explica qué revisamos, qué significa cada estado y qué no garantiza la verificación, y también qué significa la insignia «Productor verificado», que habla de la organización que vende.',
  sections: [
    {
      id: 'por-que-verificamos',
      title: 'Por qué verificamos',
      blocks: [
        'En el café de especialidad, el puntaje es el primer filtro de casi cualquier compra, pero depende de quién cata, con qué tueste y en qué momento. Un 87 declarado por el productor y un 87 declarado por un importador no siempre significan lo mismo.',
        'Verificar los lotes con un mismo protocolo y un mismo panel de catadores hace comparables los puntajes de orígenes distintos. Para el comprador, reduce el número de muestras que pide en vano. Para el productor, es una forma de demostrar su calidad ante compradores que aún no le conocen.',
      ],
    },
    {
      id: 'estados-del-lote',
      title: 'Los cuatro estados de un lote',
      blocks: [
        'Cada lote muestra en su ficha el estado de su control de calidad:',
        {
          ul: [
            '**Muestra por enviar**: es el estado inicial de todo lote nuevo. El productor aún no ha enviado la muestra de referencia a nuestro laboratorio.',
            '**En revisión**: hemos recibido la muestra y la estamos analizando y catando.',
            '**Verificado**: el lote ha superado la revisión y publicamos el puntaje de nuestro laboratorio, que sustituye al declarado en la ficha.',
            '**Rechazado**: el lote no ha superado la revisión. La ficha muestra el motivo que indicó el laboratorio.',
          ],
        },
        'Solo el laboratorio cambia el estado de un lote. El productor no puede marcar su lote como verificado, ni el comprador puede modificar el resultado.',
      ],
    },
    {
      id: 'que-revisamos',
      title: 'Qué revisa el laboratorio',
      blocks: [
        'Cada muestra de referencia pasa por dos fases, que explicamos con detalle en la guía de [control de calidad](/Guia/control-de-calidad):',
        {
          ol: [
            '**Análisis físico del café verde**: humedad, actividad de agua, densidad, tamaño de zaranda y recuento de defectos en 350 g, según el estándar de clasificación de la Specialty Coffee Association (SCA).',
            '**Cata**: tueste de muestra estandarizado y cata con el protocolo de la SCA, cinco tazas por muestra, por un panel de catadores con certificación Q Arabica.',
          ],
        },
        'Además comprobamos que los datos de la ficha coinciden con lo que recibimos: proceso, humedad, actividad de agua y zaranda. Si hay diferencias importantes, pedimos al productor que corrija la ficha antes de publicar el resultado.',
      ],
    },
    {
      id: 'criterios',
      title: 'Criterios para verificar o rechazar',
      blocks: [
        'Un lote se verifica cuando cumple a la vez estas condiciones:',
        {
          ul: [
            'Puntaje del panel de **80 puntos o más** en la escala SCA, el umbral del café de especialidad.',
            '**Ningún defecto primario** y como máximo cinco defectos completos en 350 g de café verde.',
            'Humedad entre el **9 % y el 12,5 %** y actividad de agua **igual o inferior a 0,65**.',
            'Ningún defecto en taza: sabores a moho, fenol, sobrefermentación o contaminación.',
          ],
        },
        'Si alguna falla, el lote queda rechazado y el motivo aparece en la ficha, por ejemplo: «Humedad del 13,4 %, por encima del máximo admitido» o «Dos de cinco tazas con notas fenólicas». El productor puede corregir el problema (volver a secar, reseleccionar) y enviar una nueva muestra de la partida corregida.',
      ],
    },
    {
      id: 'que-no-garantiza',
      title: 'Lo que la verificación no garantiza',
      blocks: [
        'La verificación describe la muestra de referencia que recibimos, no cada saco del lote. Por eso no sustituye a tus propias comprobaciones:',
        {
          ul: [
            '**Pide tu muestra de oferta** si el café es nuevo para ti: tu tueste, tu agua y tus clientes son distintos de los nuestros.',
            '**Aprueba siempre la muestra de pre-embarque**, tomada de los sacos preparados para exportar. El pedido no se embarca sin tu aprobación.',
            '**Ten en cuenta el tiempo**: el café verde envejece. Un lote verificado hace ocho meses puede catar hoy por debajo de su puntaje; la fecha de cosecha y la de verificación te ayudan a valorarlo.',
          ],
        },
        'Guardamos un testigo de cada muestra de referencia. Si surge una disputa sobre la calidad de un envío, podemos catarlo junto a la muestra de llegada como prueba independiente.',
      ],
    },
    {
      id: 'productor-verificado',
      title: 'La insignia «Productor verificado»',
      blocks: [
        'Es otra marca, y habla de la organización, no del café. Aparece junto al nombre del productor en sus lotes y en su perfil cuando el equipo de Cereza ha revisado los documentos de su organización y los ha aprobado:',
        {
          ul: [
            '**El certificado de registro** de la organización (registro mercantil, de cooperativas o su equivalente en el país).',
            '**El documento de identificación fiscal** (NIT, RUC, RTN, CNPJ…), que debe coincidir con la razón social con la que factura en Cereza.',
            '**La licencia de exportación**, en los países que la exigen a quien exporta café.',
          ],
        },
        'Confirmar el correo electrónico no basta para llevarla: solo indica que la dirección existe. La insignia dice que la organización que vende es quien dice ser y que puede emitir las facturas y el contrato del pedido; no es una garantía de la calidad de un envío, que es lo que mira el laboratorio en cada lote.',
        'La insignia no es para siempre. Si los documentos dejan de valer (la organización se disuelve, cambia de razón social o de identificación fiscal, o descubrimos que un documento no era auténtico), el equipo de Cereza la retira: deja de aparecer en sus lotes y en su perfil, y el productor recibe un aviso con el motivo. Sus lotes siguen publicados y sus pedidos en curso no cambian; puede pedir la verificación de nuevo con documentos actualizados. Cada aprobación y cada retirada quedan registradas con su motivo.',
        'Si eres productor, pide la verificación desde tu panel, en **Verificación**: subes los documentos en PDF (solo tú y el equipo de Cereza pueden abrirlos) y te avisamos cuando la revisemos, con el motivo si falta algo.',
      ],
    },
    {
      id: 'como-usarlo',
      title: 'Cómo usar la insignia al comprar y al vender',
      blocks: [
        '**Si compras**, los lotes verificados aparecen primero en el [catálogo](/lotes). Úsalos como punto de partida y filtra después por origen, proceso y precio. Un lote en estado «Muestra por enviar» no es necesariamente peor, pero su puntaje es solo el declarado por el productor.',
        '**Si vendes**, enviar la muestra de referencia en cuanto publiques el lote es la forma más rápida de ganar visibilidad. La verificación de la muestra de referencia está incluida en el servicio de Cereza; solo pagas el envío de la muestra hasta el laboratorio. Te explicamos cómo prepararla en [control de calidad](/Guia/control-de-calidad), y cómo publicar un lote completo en [vende tus cafés](/Guia/vende-sus-cafes).',
      ],
    },
  ],
  related: ['control-de-calidad', 'compra-de-cafe', 'transparencia'],
  cta: { label: 'Ver lotes verificados', to: '/lotes' },
};
