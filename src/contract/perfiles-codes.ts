/** Profile codes and their Spanish labels, without zod (the public profile and home page import them). */

export const TIPOS_PRODUCTOR = [
  'FINCA',
  'GRUPO_DE_FINCAS',
  'ASOCIACION',
  'COOPERATIVA',
  'ESTACION_DE_LAVADO',
  'BENEFICIO_SECO',
] as const;
export type TipoProductor = (typeof TIPOS_PRODUCTOR)[number];
export const TIPO_PRODUCTOR_LABELS: Record<TipoProductor, string> = {
  FINCA: 'Finca',
  GRUPO_DE_FINCAS: 'Grupo de fincas',
  ASOCIACION: 'Asociación',
  COOPERATIVA: 'Cooperativa',
  ESTACION_DE_LAVADO: 'Estación de lavado',
  BENEFICIO_SECO: 'Beneficio seco',
};

export const TIPOS_COMPRADOR = ['TOSTADOR', 'IMPORTADOR', 'CAFETERIA', 'DISTRIBUIDOR', 'OTRO'] as const;
export type TipoComprador = (typeof TIPOS_COMPRADOR)[number];
export const TIPO_COMPRADOR_LABELS: Record<TipoComprador, string> = {
  TOSTADOR: 'Tostador',
  IMPORTADOR: 'Importador',
  CAFETERIA: 'Cafetería',
  DISTRIBUIDOR: 'Distribuidor',
  OTRO: 'Otro',
};
