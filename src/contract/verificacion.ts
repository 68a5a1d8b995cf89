import { z } from 'zod';
import { UuidSchema } from './common';
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
export interface DocumentoKybVista {
  tipo: TipoDocumentoKyb;
  nombre: string;
  url: string;
  bytes: number;
}

/** GET /api/productor/verificacion: the producer's latest request (or none). */
export interface MiVerificacion {
  estado: EstadoVerificacion;
  verificadoAt: string | null;
  /** What the producer declared for his invoices: the form starts from it. */
  sugerencia: { razonSocial: string; identificacionFiscal: string };
  solicitud: {
    id: string;
    estado: Exclude<EstadoVerificacion, 'SIN_ENVIAR'>;
    razonSocial: string;
    identificacionFiscal: string;
    documentos: DocumentoKybVista[];
    motivo: string | null;
    createdAt: string;
    resueltaAt: string | null;
    /** An approval the operator withdrew: when and why (the producer may send a new request). */
    retiradaAt: string | null;
    motivoRetirada: string | null;
  } | null;
}

/** POST /api/operador/verificaciones/{id}/resolver. */
export const ResolverVerificacionSchema = z.object({
  resolucion: z.enum(['APROBAR', 'RECHAZAR'], { error: 'Elige aprobar o rechazar.' }),
  motivo: texto('El motivo', 3, 1000),
});
export type ResolverVerificacionInput = z.infer<typeof ResolverVerificacionSchema>;
