import { guideMeta } from './list';
import type { Guide } from './types';

export const guide: Guide = {
  ...guideMeta('logistica-para-compradores'),
  lead: 'Comprar un buen café es la mitad del trabajo; la otra mitad es que llegue a tu tostaduría en el mismo estado en que lo cataste. Esta guía reúne lo que necesitas saber de logística al comprar en Cereza: incoterms, posiciones, sacos y empaques, transporte, documentos, almacenaje y recepción.',
  sections: [
    {
      id: 'elige-el-incoterm',
      title: 'Elige el incoterm que puedas gestionar',
      blocks: [
        'Cada lote indica su incoterm junto al precio por kilo. En Cereza trabajamos con cuatro:',
        {
          ul: [
            '**EXW**: recoges el café en la bodega del vendedor. Útil sobre todo cuando el lote ya está nacionalizado en una bodega de tu país o de tu región.',
            '**FCA**: el vendedor entrega el café, despachado para exportación, al transportista que tú designas. El riesgo pasa a ti en ese momento. Es la regla recomendada para mercancía en contenedor.',
            '**FOB**: el vendedor entrega el café a bordo del buque en el puerto de origen. Tú contratas y aseguras el flete marítimo.',
            '**DAP**: el vendedor entrega el café en el lugar de destino acordado, listo para descargar. Tú te encargas del despacho de importación y de los impuestos.',
          ],
        },
        'Si es tu primera importación o compras pocos sacos, DAP es lo más sencillo. Si ya trabajas con un transitario, FCA y FOB te dan más control y suelen salir más baratos por kilo. El artículo [incoterms para tostadores](/Blog/incoterms-para-tostadores) compara los cuatro con un ejemplo de cálculo.',
      ],
    },
    {
      id: 'posicion-del-lote',
      title: 'Dónde está el café: la posición del lote',
      blocks: [
        'La ficha indica la posición del lote, que te dice cuándo puedes tener el café:',
        {
          ul: [
            '**Disponible en bodega**: listo para despachar. Si la bodega está en tu país, puedes recibirlo en días.',
            '**En tránsito**: ya embarcado, con una fecha estimada de llegada.',
            '**Futuro**: por preparar o embarcar, con una ventana de embarque prevista. Es la posición habitual al comprar a principio de cosecha; te explicamos cómo planificarlo en [planificar compras por cosecha](/Blog/planificar-compras-por-cosecha).',
          ],
        },
      ],
    },
    {
      id: 'sacos-y-empaques',
      title: 'Sacos, pesos y empaques',
      blocks: [
        'Cada origen tiene su saco de exportación habitual: 70 kg en Colombia, 69 kg en buena parte de Centroamérica y Perú, 60 kg en Brasil, Etiopía y Kenia. Los microlotes suelen venderse en sacos o cajas de 30 o 35 kg. La ficha indica el **peso por saco** y el **lote mínimo** en sacos: multiplica siempre para saber cuántos kilos compras.',
        'Para cafés de especialidad recomendamos que el café viaje en **bolsas herméticas** (GrainPro u otras equivalentes) dentro del saco de yute, o envasado al vacío. Protegen el grano de la humedad y de los olores durante el transporte y el almacenaje. Si la ficha no lo indica, pregúntalo al productor antes de confirmar el pedido.',
      ],
    },
    {
      id: 'transporte',
      title: 'Contenedor completo o grupaje',
      blocks: [
        'Un contenedor de 20 pies lleva entre 18 y 21 toneladas de café verde: por ejemplo, 275 sacos de 69 o 70 kg, o 320 sacos de 60 kg. Si compras menos, tu café viaja en **grupaje** (carga consolidada), paletizado junto con otras mercancías. El grupaje es más caro por kilo, pero te permite importar unos pocos sacos.',
        'La navegación desde origen hasta Europa o Norteamérica dura entre dos y seis semanas según la ruta, a las que se suman la preparación en origen y los trámites en los puertos. Para evitar la condensación dentro del contenedor, el café debe viajar con una humedad que no supere el 12 % y, a ser posible, con el contenedor revestido de papel kraft y con desecantes.',
      ],
    },
    {
      id: 'documentos',
      title: 'Documentos del envío',
      blocks: [
        'Con el pedido embarcado, el productor o su exportador te envía los documentos. Los habituales son:',
        {
          ul: [
            'factura comercial y lista de empaque, con el código del lote, el número de sacos y los pesos;',
            'conocimiento de embarque marítimo o documento de transporte equivalente;',
            'certificado de origen;',
            'certificado fitosanitario, cuando el país de destino lo exige;',
            'para cafés orgánicos que entran en la Unión Europea, el certificado de inspección en el sistema TRACES;',
            'para la Unión Europea, los datos de geolocalización de las parcelas que necesitas para la diligencia debida de la EUDR, que explicamos en [la EUDR y la trazabilidad](/Blog/eudr-y-trazabilidad).',
          ],
        },
        'Revisa que el código del lote y las cantidades coinciden con tu pedido antes de que el café llegue: corregir un documento en destino es lento y caro.',
      ],
    },
    {
      id: 'pre-embarque',
      title: 'Antes de embarcar: la muestra de pre-embarque',
      blocks: [
        'Ningún pedido pasa a **embarcado** sin que hayas aprobado la muestra de pre-embarque, tomada de los sacos ya preparados. Es el último control de calidad antes de que el café salga del país de origen. Responde pronto: el productor ha reservado espacio en el transporte y las navieras tienen fechas de cierre de carga. Cómo catarla, en [cómo catar muestras de pre-embarque](/Blog/como-catar-muestras-de-pre-embarque).',
      ],
    },
    {
      id: 'recepcion',
      title: 'Recepción: lista de comprobación',
      blocks: [
        'Cuando el café llegue a tu almacén, antes de firmar el comprobante de entrega:',
        {
          ol: [
            'Cuenta los sacos y comprueba que el código del lote coincide con el pedido.',
            'Revisa que no haya sacos mojados, rotos o manchados ni bolsas herméticas perforadas. Anota cualquier daño en el comprobante de entrega y fotografíalo.',
            'Pesa una muestra de sacos y compara con la lista de empaque.',
            'Toma una muestra de llegada, mide la humedad y cátala junto al testigo de pre-embarque.',
          ],
        },
        'Si algo no cuadra, registra la incidencia en el pedido con las fotos y los datos. Si no se resuelve con el productor, puedes abrir una disputa y Cereza media entre las partes con la información registrada. Cuando todo esté en orden, el pedido pasa a **entregado**.',
      ],
    },
    {
      id: 'almacenaje',
      title: 'Almacenaje',
      blocks: [
        'Guarda el café verde en un lugar fresco y estable, entre 15 y 25 °C y con una humedad relativa de entre el 50 % y el 65 %, sobre palés y separado de las paredes y de productos con olor. Abre las bolsas herméticas solo cuando vayas a tostar.',
        'Si no tienes espacio, muchos puertos de Europa y Norteamérica cuentan con almacenes especializados en café que guardan los sacos y te los envían por partes. Cereza ofrece la coordinación de envíos y almacenaje como servicio opcional de pago, con su precio indicado antes de contratarlo. Más detalles en [transparencia de precios](/Guia/transparencia) y en la guía de [compra de café](/Guia/compra-de-cafe).',
      ],
    },
  ],
  related: ['compra-de-cafe', 'transparencia', 'verificados'],
  cta: { label: 'Buscar lotes por incoterm', to: '/lotes' },
};
