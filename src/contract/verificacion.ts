import { z } from 'zod';
import { okMessageResponse, okResponse, UuidSchema } from './common';
import { texto } from './campos';

/*
 * The producer's organisation check (KYB, issue 28, docs/decisions/052): the producer sends his organisation's
 * evidence (PDFs he uploaded with POST /api/uploads/documentos, private files), an operator approves or rejects it
 * with a reason, and only an approval earns the public "Productor verificado" badge.
 */

export const TIPOS_DOCUMENTO_KYB = ['REGISTRO', 'IDENTIFICACION_FISCAL', 'LICENCIA_EXPORTACION'] as const;
export type TipoDocumentoKyb = (typeof TIPOS_DOCUMENTO_KYB)[number];
export const TIPO_DOCUMENTO_KYB_LABELS: Record<TipoDocumentoKyb, string> = {
  REGISTRO: 'Certificado de registro de la organización',
  IDENTIFICACION_FISCAL: 'Documento de identificación fiscal',
  LICENCIA_EXPORTACION: 'Licencia de exportación',
};
/** The documents every request carries; the export licence is added where the producer's country issues one. */
export const DOCUMENTOS_KYB_OBLIGATORIOS: TipoDocumentoKyb[] = ['REGISTRO', 'IDENTIFICACION_FISCAL'];

export const ESTADOS_VERIFICACION = ['SIN_ENVIAR', 'ENVIADA', 'APROBADA', 'RECHAZADA', 'RETIRADA'] as const;
export type EstadoVerificacion = (typeof ESTADOS_VERIFICACION)[number];
export const ESTADO_VERIFICACION_LABELS: Record<EstadoVerificacion, string> = {
  SIN_ENVIAR: 'Sin enviar',
  ENVIADA: 'En revisión',
  APROBADA: 'Verificado',
  RECHAZADA: 'Rechazada',
  RETIRADA: 'Insignia retirada',
};

export const VERIFICACION_MESSAGES = {
  SOLO_PRODUCTOR: 'Solo una cuenta de productor solicita la verificación de su organización.',
  FALTA_DOCUMENTO: (tipo: string) => `Adjunta el documento: ${tipo}.`,
  DOCUMENTO_REPETIDO: 'Adjunta un solo documento de cada tipo.',
  DOCUMENTO_AJENO: 'Ese documento no existe o no lo has subido tú. Súbelo de nuevo.',
  YA_ENVIADA: 'Tu solicitud ya está en revisión: te avisaremos cuando el equipo de Cereza la resuelva.',
  YA_VERIFICADO: 'Tu organización ya está verificada.',
  ENVIADA: 'Solicitud enviada: el equipo de Cereza revisará tus documentos y te avisará.',
  NOT_FOUND: 'Solicitud de verificación no encontrada.',
} as const;

const DocumentoKybInputSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_KYB, { error: 'Elige el tipo de documento.' }),
  documentoId: UuidSchema,
});

/** POST /api/productor/verificacion: the organisation's legal name, its tax id and the documents. */
export const EnviarVerificacionSchema = z
  .object({
    razonSocial: texto('La razón social', 3, 200),
    identificacionFiscal: texto('La identificación fiscal', 3, 40),
    documentos: z.array(DocumentoKybInputSchema, { error: 'Adjunta los documentos.' }).max(6),
  })
  .superRefine((v, ctx) => {
    const tipos = v.documentos.map((d) => d.tipo);
    if (new Set(tipos).size !== tipos.length) {
      ctx.addIssue({ code: 'custom', path: ['documentos'], message: VERIFICACION_MESSAGES.DOCUMENTO_REPETIDO });
      return;
    }
    for (const t of DOCUMENTOS_KYB_OBLIGATORIOS) {
      if (!tipos.includes(t)) {
        ctx.addIssue({
          code: 'custom',
          path: ['documentos'],
          message: VERIFICACION_MESSAGES.FALTA_DOCUMENTO(TIPO_DOCUMENTO_KYB_LABELS[t]),
        });
        return;
      }
    }
  });
export type EnviarVerificacionInput = z.input<typeof EnviarVerificacionSchema>;

/** A document as its producer and the operator read it: a private, signed, short-lived link. */
export const DocumentoKybVistaSchema = z.object({
  tipo: z.enum(TIPOS_DOCUMENTO_KYB),
  nombre: z.string(),
  url: z.string(),
  bytes: z.number(),
});
export type DocumentoKybVista = z.infer<typeof DocumentoKybVistaSchema>;

/** GET /api/productor/verificacion: the producer's latest request (or none). */
export const MiVerificacionSchema = z.object({
  estado: z.enum(ESTADOS_VERIFICACION),
  verificadoAt: z.string().nullable(),
  /** What the producer declared for his invoices: the form starts from it. */
  sugerencia: z.object({ razonSocial: z.string(), identificacionFiscal: z.string() }),
  solicitud: z
    .object({
      id: z.string(),
      estado: z.enum(ESTADOS_VERIFICACION).exclude(['SIN_ENVIAR']),
      razonSocial: z.string(),
      identificacionFiscal: z.string(),
      documentos: z.array(DocumentoKybVistaSchema),
      motivo: z.string().nullable(),
      createdAt: z.string(),
      resueltaAt: z.string().nullable(),
      /** An approval the operator withdrew: when and why (the producer may send a new request). */
      retiradaAt: z.string().nullable(),
      motivoRetirada: z.string().nullable(),
    })
    .nullable(),
});
export type MiVerificacion = z.infer<typeof MiVerificacionSchema>;
export const MiVerificacionResponseSchema = okResponse(MiVerificacionSchema);
/** POST /api/productor/verificacion answers the request as sent, and says so. */
export const VerificacionEnviadaResponseSchema = okMessageResponse(MiVerificacionSchema);

/** POST /api/operador/verificaciones/{id}/resolver. */
export const ResolverVerificacionSchema = z.object({
  resolucion: z.enum(['APROBAR', 'RECHAZAR'], { error: 'Elige aprobar o rechazar.' }),
  motivo: texto('El motivo', 3, 1000),
});
export type ResolverVerificacionInput = z.infer<typeof ResolverVerificacionSchema>;
