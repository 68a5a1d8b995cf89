import { z } from 'zod';
import { okResponse, verbo } from './common';
import { paisName } from './lotes-codes';

/*
 * Cereza's operator settings (issue 25 §3): values an operator changes without a release, stored in the database
 * (modules/ajustes). Each key has its schema and its default; the seed writes the defaults, and a key without a
 * row reads its default.
 */

// "Falta la ciudad.": one wording that agrees with any field's gender.
const texto = (campo: string, max: number) =>
  z
    .string({ error: `Falta ${campo.toLowerCase()}.` })
    .trim()
    .min(1, `Falta ${campo.toLowerCase()}.`)
    .max(max, `${campo} ${verbo(campo, 'admite')} como máximo ${max} caracteres.`);

/** Where producers send the reference sample of a lot (the lab's address). */
export const DireccionLaboratorioSchema = z.object({
  nombre: texto('El destinatario', 120),
  linea1: texto('La dirección', 200),
  linea2: z.string().trim().max(200, 'La segunda línea admite como máximo 200 caracteres.').default(''),
  codigoPostal: z.string().trim().max(20, 'El código postal admite como máximo 20 caracteres.').default(''),
  ciudad: texto('La ciudad', 120),
  pais: z
    .string({ error: 'Elige un país.' })
    .trim()
    .regex(/^[A-Z]{2}$/, 'Elige un país.'),
  telefono: z.string().trim().max(40, 'El teléfono admite como máximo 40 caracteres.').default(''),
  /** What to write on the parcel, opening hours, how much coffee. */
  indicaciones: z.string().trim().max(500, 'Las indicaciones admiten como máximo 500 caracteres.').default(''),
});
export type DireccionLaboratorio = z.output<typeof DireccionLaboratorioSchema>;
export type DireccionLaboratorioInput = z.input<typeof DireccionLaboratorioSchema>;

export const AJUSTES = {
  direccionLaboratorio: {
    schema: DireccionLaboratorioSchema,
    porDefecto: {
      nombre: 'Laboratorio de calidad de Cereza',
      linea1: 'Calle de la Cata 7, nave 3',
      linea2: 'Polígono Industrial Fuente del Jarro',
      codigoPostal: '46988',
      ciudad: 'Paterna (Valencia)',
      pais: 'ES',
      telefono: '+34 960 000 000',
      indicaciones:
        'Envía 300 g de café verde en bolsa sellada con el código del lote visible. Recepción de lunes a viernes, de 9:00 a 17:00.',
    } satisfies DireccionLaboratorio,
  },
} as const;
export type ClaveAjuste = keyof typeof AJUSTES;

/** The address as lines, for a dialog, a guide or an e-mail. */
export function lineasDireccionLaboratorio(d: DireccionLaboratorio): string[] {
  return [
    d.nombre,
    d.linea1,
    d.linea2,
    [d.codigoPostal, d.ciudad].filter(Boolean).join(' '),
    paisName(d.pais),
    d.telefono ? `Tel. ${d.telefono}` : '',
  ].filter(Boolean);
}

/** GET /api/ajustes/direccion-laboratorio: public (it is printed in the guide). */
export const DireccionLaboratorioResponseSchema = okResponse(z.object({ direccion: DireccionLaboratorioSchema }));
