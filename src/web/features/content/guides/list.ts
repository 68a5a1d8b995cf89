import type { GuideMeta, GuideSlug } from './types';

/** The index of /Guia: small enough to load with the list, while each guide's text loads with its own page. */
export const GUIDES: GuideMeta[] = [
  {
    slug: 'compra-de-cafe',
    title: 'Cómo comprar café en Cereza',
    description:
      'Del catálogo a tu bodega: cuenta de comprador, fichas de lote, muestras, pedido como contrato, aprobación de pre-embarque, entrega y pago.',
    audience: 'Compradores',
  },
  {
    slug: 'verificados',
    title: 'Lotes verificados',
    description:
      'Qué significa la insignia Verificado, qué revisa nuestro laboratorio en cada muestra de referencia y qué no garantiza; y qué comprobamos para dar la insignia Productor verificado.',
    audience: 'Compradores y productores',
  },
  {
    slug: 'transparencia',
    title: 'Transparencia de precios',
    description:
      'El desglose estándar de cada lote: precio en finca, costos de exportación y comisión de la plataforma, y cómo compararlo entre incoterms.',
    audience: 'Compradores y productores',
  },
  {
    slug: 'logistica-para-compradores',
    title: 'Logística para compradores',
    description:
      'Incoterms, posiciones del lote, sacos y empaques, contenedores y grupaje, documentos, almacenaje y recepción del café.',
    audience: 'Compradores',
  },
  {
    slug: 'vende-sus-cafes',
    title: 'Vende tus cafés en Cereza',
    description:
      'Cómo crear tu perfil de productor, publicar un lote completo, responder a solicitudes de muestra y gestionar pedidos.',
    audience: 'Productores',
  },
  {
    slug: 'control-de-calidad',
    title: 'Control de calidad',
    description:
      'Cómo enviar la muestra de referencia al laboratorio, qué análisis hacemos y qué significan los estados de tu lote.',
    audience: 'Productores',
  },
  {
    slug: 'modelo-comercio-directo',
    title: 'El modelo de comercio directo',
    description:
      'Cómo trabajan productores y compradores sin intermediarios que oculten información, y qué papel tiene Cereza en la relación.',
    audience: 'Compradores y productores',
  },
];

export const guideMeta = (slug: GuideSlug): GuideMeta => GUIDES.find((g) => g.slug === slug)!;
