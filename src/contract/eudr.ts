/*
 * The EU Deforestation Regulation on lots and orders (issue 30): country risk classes, what a lot lacks to be
 * EUDR-ready, the statement's numbers, the export. Zod-free: the lot page reads it.
 */

export const CLASES_RIESGO = ['BAJO', 'ESTANDAR', 'ALTO'] as const;
export type ClaseRiesgo = (typeof CLASES_RIESGO)[number];
export const CLASE_RIESGO_LABELS: Record<ClaseRiesgo, string> = {
  BAJO: 'Riesgo bajo',
  ESTANDAR: 'Riesgo estándar',
  ALTO: 'Riesgo alto',
};

export const FUENTE_RIESGO_2025 =
  'Reglamento de Ejecución (UE) 2025/1093 de la Comisión, de 22 de mayo de 2025, anexo (DO L de 23.5.2025)';

/** HS heading of green coffee, not roasted, not decaffeinated (the pack's product line). */
export const HS_CAFE_VERDE = '0901 11';

export const EUDR_FALTA = {
  SIN_PERIODO: 'Falta el periodo de producción (inicio y fin de la cosecha).',
  SIN_PARCELAS: 'El lote no dice de qué parcelas viene.',
  PARCELA: (nombre: string, falta: string) => `Parcela «${nombre}»: ${falta}`,
  PARCELA_NO_VALIDA: (nombre: string) => `Parcela «${nombre}»: no cumple las reglas de geolocalización.`,
} as const;

export interface RiesgoPais {
  pais: string;
  clase: ClaseRiesgo;
  fuente: string;
  fechaFuente: string;
  updatedAt: string;
}

/** A lot's EUDR state as its page shows it (GET /api/lotes/{id}/eudr). */
export interface EudrLote {
  listo: boolean;
  faltas: string[];
  cosechaInicio: string | null;
  cosechaFin: string | null;
  pais: string;
  riesgo: RiesgoPais | null;
  parcelas: number;
  hectareas: number;
}

/** A plot as an order froze it (decision 068): what the export and the pack need of it. */
export interface ParcelaCongelada {
  id: string;
  nombre: string;
  productorNombre: string | null;
  pais: string | null;
  hectareas: number | null;
  /** GeoJSON Point, Polygon or MultiPolygon, [longitude, latitude]. */
  ubicacion: { type: 'Point' | 'Polygon' | 'MultiPolygon'; coordinates: unknown } | null;
  valida: boolean;
}

/**
 * What an order's buyer bought, for his due-diligence statement (decision 068): the lot's plots and production
 * period as they stood when the order was reserved. The order's GeoJSON and pack read this, never the live plots.
 */
export interface InstantaneaEudr {
  tomadaAt: string;
  organizacion: string;
  cosechaInicio: string | null;
  cosechaFin: string | null;
  parcelas: ParcelaCongelada[];
}

/**
 * The statement's numbers as the EU Information System (TRACES) shows them: the reference number, e.g.
 * "25ESXK3Z9AB123", and the verification number, eight characters. Decision 059 says what is checked and why.
 */
export const DDS_REFERENCIA_RE = /^\d{2}[A-Z]{2}[A-Z0-9]{10}$/;
export const DDS_VERIFICACION_RE = /^[A-Z0-9]{8}$/;

export const DDS_MESSAGES = {
  REFERENCIA:
    'El número de referencia tiene 14 caracteres: dos cifras del año, el país (dos letras) y diez letras o cifras, p. ej. 25ESXK3Z9AB123.',
  VERIFICACION: 'El número de verificación tiene 8 letras o cifras.',
  NO_TE_TOCA: 'Solo quien comercializa el café en la UE (el comprador de este pedido) registra su declaración.',
  ESTADO: 'El pedido aún no está confirmado: registra la declaración cuando lo esté.',
  REGISTRADA: 'Declaración de diligencia debida registrada. Avisamos al productor.',
  YA_REGISTRADA: 'La declaración de este pedido ya está registrada.',
} as const;

export const EXPORT_MESSAGES = {
  SIN_PARCELAS: 'El lote no tiene parcelas con geolocalización que exportar.',
} as const;
