import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('control-de-calidad'),
  lead: 'Cada lote que publicas en Cereza puede pasar por nuestro laboratorio de calidad. Envías una muestra de referencia, la analizamos y la catamos, y publicamos el resultado en la ficha del lote. Esta guía explica, paso a paso, cómo preparar y enviar la muestra, qué hacemos con ella y cómo interpretar el resultado.',
  sections: [
    {
      id: 'para-que-sirve',
      title: 'Para qué sirve la muestra de referencia',
      blocks: [
        'La muestra de referencia representa el lote tal como lo vas a vender. Con ella, nuestro laboratorio publica un puntaje independiente y un análisis físico que los compradores pueden comparar entre lotes de distintos orígenes.',
        'Los lotes verificados aparecen primero en el catálogo y llevan la insignia **Verificado**. En la guía de [lotes verificados](/Guia/verificados) explicamos cómo la ven los compradores. La muestra de referencia también queda guardada como testigo: si algún día hay una discusión sobre la calidad de un envío, es tu mejor prueba.',
      ],
    },
    {
      id: 'prepara-la-muestra',
      title: 'Cómo preparar la muestra',
      blocks: [
        'Una muestra mal tomada da un resultado que no representa tu lote. Sigue estas reglas:',
        {
          ul: [
            '**Cantidad**: al menos 500 g de café verde trillado y seleccionado como lo vas a exportar. Necesitamos 350 g para el análisis físico y el resto para los tuestes de cata y el testigo.',
            '**Representativa**: toma pequeñas cantidades de varios sacos (de arriba, del centro y del fondo) y mézclalas. No escojas los mejores granos.',
            '**Empaque**: bolsa hermética bien cerrada, para que la humedad no cambie durante el viaje.',
            '**Etiqueta**: el código del lote tal como aparece en Cereza (por ejemplo, CO-HUI-24-014), el nombre de tu finca u organización y la fecha de toma de la muestra.',
          ],
        },
      ],
    },
    {
      id: 'envia-la-muestra',
      title: 'Cómo enviarla',
      blocks: [
        { direccionLaboratorio: 'Envía la muestra a esta dirección del laboratorio de Cereza:' },
        'Envíala con un servicio con número de seguimiento. Después, en tu panel, abre **Mis lotes** y pulsa **Enviar muestra al laboratorio** junto al lote: indica el transportista, el número de guía y sube una foto de la bolsa con la etiqueta visible. El laboratorio ve el envío en su cola desde ese momento; si te equivocaste de guía, **Corregir envío** la cambia.',
        'Cuando la muestra llega, el laboratorio la marca como recibida y el estado del lote cambia a **En revisión**. Recibirás un aviso en ese momento y otro cuando publiquemos el resultado.',
        {
          note: 'Si envías muestras de varios lotes a la vez, usa una bolsa por lote y etiquétalas por separado. Una muestra sin código de lote no se puede asignar y queda en espera hasta que nos confirmes a cuál corresponde.',
        },
      ],
    },
    {
      id: 'analisis-fisico',
      title: 'Qué analizamos en el café verde',
      blocks: [
        'Antes de tostar, medimos:',
        {
          ul: [
            '**Humedad**, con un medidor calibrado para café verde.',
            '**Actividad de agua**, a temperatura controlada. Si quieres saber por qué importa, lee [humedad y actividad de agua](/Blog/humedad-y-actividad-de-agua).',
            '**Densidad** y **tamaño de zaranda**.',
            '**Defectos** en 350 g, separados en primarios y secundarios según el estándar de la SCA.',
          ],
        },
        'Comparamos cada valor con el que declaraste en la ficha. Si la diferencia es importante, te pediremos que corrijas la ficha antes de publicar el resultado: los compradores deciden con esos datos.',
      ],
    },
    {
      id: 'cata',
      title: 'Cómo catamos',
      blocks: [
        'Tostamos la muestra con un perfil de cata estandarizado, claro a medio claro, y la dejamos reposar antes de catarla. La cata sigue el protocolo de la SCA, con cinco tazas por muestra para evaluar la uniformidad, y la realiza un panel de catadores con certificación Q Arabica. El puntaje que publicamos es el del panel.',
        'Junto al puntaje publicamos las notas de cata principales que ha encontrado el panel. Si coinciden con las tuyas, los compradores lo verán; si son distintas, también.',
      ],
    },
    {
      id: 'resultado',
      title: 'El resultado: verificado o rechazado',
      blocks: [
        'Cuando terminamos, el lote pasa a uno de estos estados:',
        {
          ul: [
            '**Verificado**: el total de la ficha de cata SCA del laboratorio es de 80 puntos o más. Ese total pasa a ser el puntaje publicado del lote, que gana la insignia, aparece primero en el catálogo y muestra en su página la ficha completa bajo «Catado por el laboratorio de Cereza».',
            '**Rechazado**: el total queda por debajo de 80 o el lote no cumple alguno de los [criterios de verificación](/Guia/verificados). El motivo es la propia ficha de cata, con el puntaje y las observaciones del laboratorio; lo ves en **Mis lotes** y en el aviso que recibes.',
          ],
        },
        'Un lote rechazado sigue siendo tuyo: puedes mantenerlo publicado sin insignia, ocultarlo del público o corregir el problema. Si el motivo se puede resolver (una humedad alta que se corrige con un secado adicional, defectos que se retiran con una nueva selección), envía una muestra nueva de la partida corregida con **Enviar muestra al laboratorio** y el lote vuelve a la cola del laboratorio.',
      ],
    },
    {
      id: 'plazos-y-costes',
      title: 'Plazos y costos',
      blocks: [
        'La verificación de la muestra de referencia está incluida en el servicio de Cereza: solo pagas el envío de la muestra hasta el laboratorio. Publicamos la mayoría de los resultados en menos de diez días hábiles desde la recepción.',
        'Si además quieres que nuestro laboratorio analice otras muestras, por ejemplo la de pre-embarque de un pedido o una prueba de un proceso nuevo, puedes contratarlo como servicio opcional de pago. Su precio se indica antes de contratarlo y se factura aparte, nunca dentro del precio de un lote. Lo explicamos en [transparencia de precios](/Guia/transparencia).',
      ],
    },
    {
      id: 'despues',
      title: 'Después de la verificación',
      blocks: [
        'La verificación corresponde a la muestra y al momento en que la catamos. Si cambias en la ficha de un lote verificado los datos del café (origen, región, finca, altitud, variedades, proceso, secado, cosecha o puntaje), el lote vuelve a **Muestra por enviar** y necesita una muestra nueva; los cambios de precio o de sacos disponibles no le quitan la verificación. Si preparas una nueva cosecha, publícala como un lote nuevo con su propia muestra de referencia: los compradores necesitan saber de qué cosecha es cada puntaje.',
        'Y recuerda que cada pedido tiene además su propia muestra de pre-embarque, que aprueba el comprador. Lo explicamos en la guía de [compra de café](/Guia/compra-de-cafe). Si aún no has publicado tu primer lote, empieza por [vende tus cafés](/Guia/vende-sus-cafes).',
      ],
    },
  ],
  related: ['verificados', 'vende-sus-cafes', 'compra-de-cafe'],
  cta: { label: 'Crear mi cuenta de productor', to: '/Auth/Registro' },
};
