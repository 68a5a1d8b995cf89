import { CEREZA } from '../../../contract/cereza';
import { COMISION_LABEL } from '../../../contract/lotes-codes';

/*
 * Questions and answers of the help centre (/ayuda) and the FAQ (/ayuda/faq), in one place. Answers accept the
 * inline marks of components/rich-text.tsx: [texto](/ruta) and **texto**.
 */

export const FAQ_CATEGORIES = [
  {
    id: 'compradores',
    title: 'Compradores',
    description: 'Buscar lotes, pedir muestras, hacer pedidos y seguirlos hasta la entrega.',
    guides: [
      { label: 'Cómo comprar café en Cereza', to: '/Guia/compra-de-cafe' },
      { label: 'Lotes verificados', to: '/Guia/verificados' },
    ],
  },
  {
    id: 'productores',
    title: 'Productores',
    description: 'Crear tu perfil, publicar lotes, responder a solicitudes de muestra y gestionar pedidos.',
    guides: [
      { label: 'Vende tus cafés en Cereza', to: '/Guia/vende-sus-cafes' },
      { label: 'El modelo de comercio directo', to: '/Guia/modelo-comercio-directo' },
    ],
  },
  {
    id: 'cuenta',
    title: 'Cuenta y seguridad',
    description: 'Registro, inicio de sesión, contraseña, datos de tu empresa y eliminación de la cuenta.',
    guides: [],
  },
  {
    id: 'pagos',
    title: 'Pagos y logística',
    description: 'Precio y desglose, comisión, incoterms, envíos, documentos y almacenaje.',
    guides: [
      { label: 'Transparencia de precios', to: '/Guia/transparencia' },
      { label: 'Logística para compradores', to: '/Guia/logistica-para-compradores' },
    ],
  },
  {
    id: 'calidad',
    title: 'Calidad',
    description:
      'El laboratorio de Cereza, la verificación de lotes, las fichas de cata y las muestras de pre-embarque.',
    guides: [
      { label: 'Control de calidad', to: '/Guia/control-de-calidad' },
      { label: 'Lotes verificados', to: '/Guia/verificados' },
    ],
  },
] as const;

export type FaqCategoryId = (typeof FAQ_CATEGORIES)[number]['id'];

export interface FaqItem {
  /** Anchor of the question on /ayuda/faq. */
  id: string;
  category: FaqCategoryId;
  question: string;
  answer: string[];
  /** Shown on /ayuda before the visitor searches or picks a category. */
  featured?: boolean;
}

export const FAQ: FaqItem[] = [
  // Compradores
  {
    id: 'necesito-cuenta-para-ver-lotes',
    category: 'compradores',
    question: '¿Necesito una cuenta para ver los lotes?',
    answer: [
      'No. Cualquier visitante puede consultar el [catálogo de lotes](/lotes), las fichas completas y los perfiles de los productores. Para guardar favoritos, pedir muestras y comprar necesitas una [cuenta de comprador](/Auth/Registro).',
    ],
  },
  {
    id: 'como-pido-una-muestra',
    category: 'compradores',
    question: '¿Cómo pido una muestra?',
    featured: true,
    answer: [
      'Desde la ficha del lote, con el botón **Solicitar muestra**, si el productor ofrece muestras. Verás los gramos y el precio de la muestra, si lo tiene; la dirección de entrega viene de tu información comercial y puedes cambiarla. Tu solicitud pasa por estos estados: solicitada, aceptada o rechazada (o expirada si el productor no responde en 7 días), enviada con transportista y número de guía, entregada, y catada con tu ficha de cata SCA.',
      'Puedes seguir cada solicitud, con su historial, desde **Muestras**, en tu panel de comprador. Cuando la cates, tu ficha le llega al productor. Si acumulas tres muestras recibidas hace más de 14 días sin catar, tendrás que catarlas antes de pedir otra.',
    ],
  },
  {
    id: 'stock-real',
    category: 'compradores',
    question: '¿Los sacos disponibles son reales?',
    answer: [
      'Sí. La cifra de sacos disponibles es el stock en ese momento. Cuando un comprador crea un pedido, los sacos se reservan de forma atómica: se descuentan del lote al instante y nadie más puede comprarlos. Si dos compradores piden los últimos sacos a la vez, solo uno consigue la reserva y el otro recibe un aviso.',
    ],
  },
  {
    id: 'estados-del-pedido',
    category: 'compradores',
    question: '¿Qué estados tiene un pedido?',
    featured: true,
    answer: [
      'Un pedido es un contrato entre comprador y productor que avanza así: **reserva**, **confirmado**, **pre-embarque aprobado**, **embarcado**, **entregado**, **pagado** y **completado**. Puede cancelarse antes del embarque según lo acordado, y si surge una discrepancia cualquiera de las partes puede abrir una disputa. Lo explicamos en la guía de [compra de café](/Guia/compra-de-cafe).',
    ],
  },
  {
    id: 'cantidad-minima',
    category: 'compradores',
    question: '¿Cuál es la cantidad mínima que puedo comprar?',
    answer: [
      'La fija cada productor como **lote mínimo**, en sacos, y aparece en la ficha junto al peso por saco. Hay microlotes que se venden desde un saco o una caja de 30 o 35 kg, y lotes de cooperativa que piden un mínimo de varios sacos de 60 a 70 kg.',
    ],
  },
  {
    id: 'favoritos',
    category: 'compradores',
    question: '¿Cómo guardo los lotes que me interesan?',
    answer: [
      'Pulsa el corazón en la tarjeta o en la ficha del lote. Tu lista de favoritos está en tu panel de comprador, en **Favoritos**, y te permite comparar fichas antes de decidir.',
    ],
  },
  // Productores
  {
    id: 'cuanto-cuesta-publicar',
    category: 'productores',
    question: '¿Cuánto cuesta publicar mis lotes?',
    featured: true,
    answer: [
      `Publicar es gratuito. Cereza cobra una comisión solo cuando vendes, el ${COMISION_LABEL} del precio, y esa comisión aparece como una línea propia en el desglose del precio de cada lote. La verificación de la muestra de referencia en nuestro laboratorio también está incluida; solo pagas el envío de la muestra. Más detalles en [transparencia de precios](/Guia/transparencia).`,
    ],
  },
  {
    id: 'sin-licencia-de-exportacion',
    category: 'productores',
    question: '¿Puedo vender si no tengo licencia de exportación?',
    answer: [
      'Sí. Muchos productores exportan a través de su cooperativa o de un exportador. Su servicio se incluye en la línea de **costos de exportación** del desglose, de modo que el comprador ve cuánto corresponde a tu café y cuánto a la exportación.',
    ],
  },
  {
    id: 'datos-de-un-lote',
    category: 'productores',
    question: '¿Qué datos necesito para publicar un lote?',
    answer: [
      'Un código de lote, el origen (región, municipio, finca y altitud), variedades, proceso, secado, cosecha, análisis físico (humedad, actividad de agua, densidad y zaranda), la oferta (sacos, peso por saco, lote mínimo, precio por kilo con incoterm y su desglose) y fotos. Cuanto más completa sea la ficha, más compradores te encontrarán. La guía [vende tus cafés](/Guia/vende-sus-cafes) recorre cada campo.',
    ],
  },
  {
    id: 'ocultar-un-lote',
    category: 'productores',
    question: '¿Puedo ocultar un lote sin borrarlo?',
    answer: [
      'Sí. Al editar el lote, marca la opción de ocultarlo. Un lote oculto no aparece en el catálogo ni en tu perfil público, pero sigue en tu panel con todos sus datos y puedes volver a publicarlo cuando quieras.',
    ],
  },
  {
    id: 'ubicacion-de-la-parcela',
    category: 'productores',
    question: '¿Por qué me piden la ubicación de la parcela?',
    answer: [
      'Porque el Reglamento europeo sobre productos libres de deforestación (EUDR) exige la geolocalización de las parcelas donde se cultivó el café que entra en la Unión Europea: un punto para parcelas de hasta 4 hectáreas y un polígono para las mayores. Es un dato opcional en Cereza, pero sin él no podrás vender a compradores europeos. Lo explicamos en [la EUDR y la trazabilidad](/Blog/eudr-y-trazabilidad).',
    ],
  },
  {
    id: 'noticias-del-productor',
    category: 'productores',
    question: '¿Para qué sirven las noticias de mi perfil?',
    answer: [
      'Para contar a tus compradores cómo va la cosecha, qué estás probando en el beneficio o cuándo estará listo el próximo lote. Las noticias publicadas aparecen en tu perfil público y mantienen el contacto entre una compra y la siguiente.',
    ],
  },
  // Cuenta y seguridad
  {
    id: 'tipo-de-cuenta',
    category: 'cuenta',
    question: '¿Qué tipo de cuenta elijo?',
    featured: true,
    answer: [
      'Elige **Productor** si tu organización produce o procesa café y quiere venderlo: finca, grupo de fincas, asociación, cooperativa, estación de lavado o beneficio seco. Elige **Comprador** si compras café verde: tostador, importador, cafetería o distribuidor.',
      'Cada cuenta tiene un solo tipo. Si tu organización compra y además vende, usa una cuenta de cada tipo con correos distintos.',
    ],
  },
  {
    id: 'iniciar-sesion-con-google',
    category: 'cuenta',
    question: '¿Puedo entrar con mi cuenta de Google?',
    answer: [
      'Sí, cuando el botón de Google aparece en la página de inicio de sesión. Si entras con Google por primera vez, te pediremos que elijas el tipo de cuenta para completar el registro.',
    ],
  },
  {
    id: 'olvide-mi-contrasena',
    category: 'cuenta',
    question: 'He olvidado mi contraseña, ¿qué hago?',
    answer: [
      `Por ahora el restablecimiento de contraseña por correo electrónico no está disponible. Escríbenos a [${CEREZA.email}](mailto:${CEREZA.email}) desde la dirección de tu cuenta y te ayudaremos a recuperar el acceso después de comprobar tu identidad. Si entraste con Google, puedes seguir usando ese botón.`,
    ],
  },
  {
    id: 'seguridad-de-la-contrasena',
    category: 'cuenta',
    question: '¿Cómo protegen mi contraseña?',
    answer: [
      'Nunca guardamos tu contraseña tal cual: almacenamos solo un resumen calculado con Argon2id, un algoritmo diseñado para resistir ataques. Además rechazamos las contraseñas más comunes. Puedes cambiar la tuya desde **Usuario** en tu panel, y al cerrar sesión se invalidan las sesiones abiertas en tus otros dispositivos.',
    ],
  },
  {
    id: 'sesion-expirada',
    category: 'cuenta',
    question: '¿Por qué me aparece «Sesión expirada»?',
    answer: [
      'Por seguridad, las sesiones caducan tras un tiempo. Mientras usas Cereza la sesión se renueva sola; si pasas mucho tiempo sin usarla, te pediremos que vuelvas a iniciar sesión y te llevaremos de vuelta a la página en la que estabas.',
    ],
  },
  {
    id: 'eliminar-mi-cuenta',
    category: 'cuenta',
    question: '¿Cómo elimino mi cuenta?',
    answer: [
      'Desde tu panel, en **Usuario**, opción **Eliminar cuenta**. Te pediremos tu contraseña (o que vuelvas a identificarte con Google) para confirmar que eres tú. La eliminación es definitiva.',
    ],
  },
  // Pagos y logística
  {
    id: 'como-gana-dinero-cereza',
    category: 'pagos',
    question: '¿Cómo gana dinero Cereza?',
    featured: true,
    answer: [
      `Con una comisión por cada venta, el ${COMISION_LABEL} del precio, que aparece como una línea propia en el desglose del precio de cada lote, y con servicios opcionales de laboratorio y logística que solo pagas si los contratas. No hay cargos ocultos en el precio del café. Te lo contamos en [quiénes somos](/about).`,
    ],
  },
  {
    id: 'desglose-de-precio',
    category: 'pagos',
    question: '¿Qué incluye el desglose del precio?',
    answer: [
      `Tres líneas que suman el precio por kilo: **precio en finca** (lo que recibe el productor), **costos de exportación** (trilla, selección, sacos, transporte interno, trámites y, en DAP, el transporte hasta destino) y **comisión de la plataforma** (el ${COMISION_LABEL} del precio, calculado por Cereza). El formato es el mismo para todos los lotes.`,
    ],
  },
  {
    id: 'que-incoterm-elijo',
    category: 'pagos',
    question: '¿Qué incoterm me conviene?',
    answer: [
      'Si compras pocos sacos o es tu primera importación, **DAP**: recibes el café en el lugar acordado y solo te ocupas del despacho de importación. Si trabajas con un transitario, **FCA** o **FOB** suelen salir más baratos por kilo. **EXW** es práctico cuando el café ya está en una bodega de tu país. Compáralos en [incoterms para tostadores](/Blog/incoterms-para-tostadores).',
    ],
  },
  {
    id: 'cuando-se-paga',
    category: 'pagos',
    question: '¿Cuándo y cómo se paga un pedido?',
    answer: [
      'Según la condición de pago que elige el comprador al reservar y que queda en el contrato: prepago antes del embarque, neto 30 días tras el embarque o pago contra documentos. El pedido muestra su estado de pago (pendiente, pagado o vencido); pasa a **pagado** cuando el productor registra el cobro. La factura del productor se emite al embarcar y queda en **Facturas**, en tu panel. El precio es siempre el que muestra la ficha con su desglose.',
    ],
  },
  {
    id: 'seguimiento-del-envio',
    category: 'pagos',
    question: '¿Cómo sigo mi envío?',
    answer: [
      'Cuando el pedido pasa a **embarcado**, el productor registra los documentos y los datos de seguimiento, que ves en el pedido. Al recibir el café, revisa los sacos antes de firmar la entrega; la guía de [logística para compradores](/Guia/logistica-para-compradores) incluye una lista de comprobación.',
    ],
  },
  {
    id: 'almacenaje',
    category: 'pagos',
    question: '¿Pueden guardar mi café hasta que lo necesite?',
    answer: [
      'Sí, como servicio opcional de pago: coordinamos el almacenaje en almacenes especializados en café y los envíos por partes. El precio se indica antes de contratarlo y se factura aparte, nunca dentro del precio del lote.',
    ],
  },
  // Calidad
  {
    id: 'que-significa-verificado',
    category: 'calidad',
    question: '¿Qué significa que un lote esté verificado?',
    featured: true,
    answer: [
      'Que nuestro laboratorio ha analizado y catado la muestra de referencia del lote y ha publicado su propio puntaje. Un lote pasa por los estados **Muestra por enviar**, **En revisión** y, al final, **Verificado** o **Rechazado**, con el motivo. Los lotes verificados aparecen primero en el catálogo. Más detalles en [lotes verificados](/Guia/verificados).',
    ],
  },
  {
    id: 'como-se-cata-en-el-laboratorio',
    category: 'calidad',
    question: '¿Cómo cata el laboratorio de Cereza?',
    answer: [
      'Con el protocolo de la Specialty Coffee Association: tueste de muestra estandarizado, cinco tazas por muestra y un panel de catadores con certificación Q Arabica. Antes de catar medimos la humedad, la actividad de agua, la densidad y la zaranda, y contamos los defectos en 350 g de café verde.',
    ],
  },
  {
    id: 'humedad-recomendada',
    category: 'calidad',
    question: '¿Qué humedad y actividad de agua debe tener un buen café verde?',
    answer: [
      'La mayoría de los compradores busca una humedad de entre el 10 % y el 12 % y una actividad de agua de entre 0,50 y 0,60. Para verificar un lote exigimos una humedad de entre el 9 % y el 12,5 % y una actividad de agua igual o inferior a 0,65. Te lo explicamos en [humedad y actividad de agua](/Blog/humedad-y-actividad-de-agua).',
    ],
  },
  {
    id: 'muestra-de-pre-embarque',
    category: 'calidad',
    question: '¿Qué es la muestra de pre-embarque?',
    answer: [
      'Una muestra tomada de los sacos ya preparados para exportar. El comprador la cata y, si coincide con lo que compró, la aprueba; sin esa aprobación el pedido no pasa a embarcado. Es el último control antes de que el café salga del país de origen. Cómo catarla: [cómo catar muestras de pre-embarque](/Blog/como-catar-muestras-de-pre-embarque).',
    ],
  },
  {
    id: 'ficha-de-cata',
    category: 'calidad',
    question: '¿Qué es la ficha de cata estructurada?',
    answer: [
      'El registro de tu cata de una muestra: fecha, grado de tueste, puntuaciones por atributo (fragancia y aroma, sabor, regusto, acidez, cuerpo, balance, uniformidad, taza limpia, dulzor y valoración general), defectos, puntaje total, notas y tu decisión. El productor la recibe tal cual, y le ayuda a mejorar su café.',
    ],
  },
  {
    id: 'lote-rechazado',
    category: 'calidad',
    question: 'Mi lote ha sido rechazado, ¿qué puedo hacer?',
    answer: [
      'Lee el motivo en la ficha y el detalle del análisis que te enviamos. Puedes mantener el lote publicado sin insignia, ocultarlo o corregir el problema (por ejemplo, con un secado adicional o una nueva selección) y enviar una muestra nueva de la partida corregida. El lote volverá a **En revisión**. Más en [control de calidad](/Guia/control-de-calidad).',
    ],
  },
];

export const faqByCategory = (category: FaqCategoryId) => FAQ.filter((f) => f.category === category);
