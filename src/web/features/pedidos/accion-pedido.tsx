import { useState, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { z } from 'zod';
import {
  BOTON_ACCION_PEDIDO,
  PLAZOS_PEDIDO,
  PedidoAccionSchema,
  type AccionPedido,
  type Pedido,
  type PedidoAccionInput,
} from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, memberOf, type FormOf } from '../../lib/form-schema';
import { formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { uploadDocumento } from '../../lib/upload';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import {
  CAMPOS_HOJA,
  CataCampos,
  HojaFormSchema,
  emptyHoja,
  numberRefused,
  type HojaValues,
} from '../../components/cata-form';
import { EvidenciasInput, type Evidencia } from './reclamo';
import { useMovePedido } from './api';

/*
 * The form of each action of an order (issue 27, decision 015): the action's member of the contract's
 * PedidoAccionSchema gives its fields, defaults, parsing and Spanish messages; a refused field (the form's check or
 * the server's) says why under its box and the first takes the focus. The moves without data are irreversible:
 * their form is the question that confirms them (issue 32: they were one click).
 */

/** The moves that carry nothing but the state the person saw. */
const SIN_DATOS = ['CONFIRMAR', 'APROBAR_PSS', 'RECIBIR', 'REGISTRAR_PAGO'] as const;
/** The moves that carry a reason only (the same field in each: accion-pedido.test.ts checks it). */
export const CON_MOTIVO = ['CANCELAR', 'PEDIR_CANCELACION', 'RECHAZAR_PSS'] as const;
type SinDatos = (typeof SIN_DATOS)[number];
type ConMotivo = (typeof CON_MOTIVO)[number];

/** What each move without data will do, asked once before it is sent. */
const CONFIRMACION: Record<SinDatos, string> = {
  CONFIRMAR:
    'Te comprometes a servir el pedido en estos términos y se emite el contrato de compraventa. No se puede deshacer.',
  APROBAR_PSS:
    'Aceptas la muestra de preembarque como base de calidad del pedido y el productor podrá embarcarlo. No se puede deshacer.',
  RECIBIR: `El pedido pasa a entregado y empiezan los ${PLAZOS_PEDIDO.reclamoDias} días para abrir un reclamo. No se puede deshacer.`,
  REGISTRAR_PAGO:
    'El pedido y sus facturas quedan pagados y el pedido se completa cuando corresponda. No se puede deshacer.',
};

const SinDatosSchema = memberOf(PedidoAccionSchema, 'CONFIRMAR').extend({ accion: z.enum(SIN_DATOS) });
const sinDatosForm = formOf(SinDatosSchema);
type SinDatosBody = z.output<typeof SinDatosSchema>;

export const MotivoSchema = memberOf(PedidoAccionSchema, 'CANCELAR').extend({ accion: z.enum(CON_MOTIVO) });
const motivoForm = formOf(MotivoSchema);
type MotivoBody = z.output<typeof MotivoSchema>;

const PssSchema = memberOf(PedidoAccionSchema, 'ENVIAR_PSS');
const pssForm = formOf(PssSchema);
type PssBody = z.output<typeof PssSchema>;

const EmbarqueSchema = memberOf(PedidoAccionSchema, 'EMBARCAR');
const embarqueForm = formOf(EmbarqueSchema);
type EmbarqueBody = z.output<typeof EmbarqueSchema>;

/** A claim, with its arrival cupping on the sample's sheet as that form holds it (descriptors as one text). */
const ReclamoSchema = memberOf(PedidoAccionSchema, 'ABRIR_RECLAMO').extend({
  cataLlegada: HojaFormSchema.optional(),
});
const reclamoForm = formOf(ReclamoSchema);
type ReclamoBody = z.output<typeof ReclamoSchema>;
/** `conCata`: whether the buyer adds his cupping; a form value only (the contract's schema drops it). */
type ReclamoValues = Omit<FormOf<ReclamoBody>, 'cataLlegada'> & { cataLlegada: HojaValues; conCata: boolean };
/** The sheet is checked and sent only when it is added. */
const reclamoResolver: Resolver<ReclamoValues, unknown, ReclamoBody> = (values, context, options) =>
  (reclamoForm.resolver as unknown as Resolver<ReclamoValues, unknown, ReclamoBody>)(
    values.conCata ? values : ({ ...values, cataLlegada: undefined } as unknown as ReclamoValues),
    context,
    options,
  );
const CAMPOS_RECLAMO: Path<ReclamoValues>[] = [
  'motivo',
  'evidencias',
  ...CAMPOS_HOJA.map((c) => `cataLlegada.${c}` as Path<ReclamoValues>),
];

const REVISA = 'Revisa los campos marcados.';

/** The form of one action of an order: its fields, or the question that confirms a move without data. */
export function AccionForm({ pedido, accion, onDone }: { pedido: Pedido; accion: AccionPedido; onDone: () => void }) {
  const props = { pedido, onDone };
  switch (accion) {
    case 'ENVIAR_PSS':
      return <PssForm {...props} />;
    case 'EMBARCAR':
      return <EmbarqueForm {...props} />;
    case 'ABRIR_RECLAMO':
      return <ReclamoForm {...props} />;
    case 'CANCELAR':
    case 'PEDIR_CANCELACION':
    case 'RECHAZAR_PSS':
      return <MotivoForm accion={accion} {...props} />;
    default:
      return <ConfirmarForm accion={accion} {...props} />;
  }
}

interface FormProps {
  pedido: Pedido;
  onDone: () => void;
}

/** Sends a move of the order and says how it went; the forms show a refusal. */
function useSendAccion({ pedido, onDone }: FormProps) {
  const move = useMovePedido();
  const send = async (body: PedidoAccionInput) => {
    const r = await move.mutateAsync({ id: pedido.id, body });
    toast.success(r.message);
    onDone();
  };
  return { send, pending: move.isPending };
}

/** The alert and the button every action's form ends with (disabled while sending or uploading). */
function Pie({ accion, alert, disabled }: { accion: AccionPedido; alert: string | null; disabled: boolean }) {
  return (
    <>
      <FormAlert message={alert} />
      <button type="submit" className="btn-primary" disabled={disabled}>
        {BOTON_ACCION_PEDIDO[accion]}
      </button>
    </>
  );
}

function ConfirmarForm({ accion, ...props }: FormProps & { accion: SinDatos }) {
  const { send, pending } = useSendAccion(props);
  const form = useForm<FormOf<SinDatosBody>, unknown, SinDatosBody>({
    defaultValues: { ...sinDatosForm.defaults(), accion, desde: props.pedido.estado },
    resolver: sinDatosForm.resolver,
  });
  const { submit, alert } = useFormSubmit(form, sinDatosForm.paths, send, { marked: REVISA });
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm">{CONFIRMACION[accion]}</p>
      <Pie accion={accion} alert={alert} disabled={pending} />
    </form>
  );
}

function MotivoForm({ accion, ...props }: FormProps & { accion: ConMotivo }) {
  const { send, pending } = useSendAccion(props);
  const form = useForm<FormOf<MotivoBody>, unknown, MotivoBody>({
    defaultValues: { ...motivoForm.defaults(), accion, desde: props.pedido.estado },
    resolver: motivoForm.resolver,
  });
  const { submit, alert } = useFormSubmit(form, motivoForm.paths, send, {
    marked: REVISA,
    invalid: () => REVISA,
  });
  const error = form.formState.errors.motivo?.message;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="accion-motivo" label="Motivo" required error={error}>
        <textarea
          className="input w-full"
          rows={3}
          maxLength={500}
          {...fieldProps('accion-motivo', error)}
          {...form.register('motivo')}
        />
      </Field>
      <Pie accion={accion} alert={alert} disabled={pending} />
    </form>
  );
}

/** A text box of an action's form, registered under its field. */
function Texto({
  id,
  label,
  error,
  max,
  type = 'text',
  registro,
}: {
  id: string;
  label: string;
  error?: string;
  max?: number;
  type?: string;
  registro: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} required error={error}>
      <input {...fieldProps(id, error)} {...registro} type={type} className="input w-full" maxLength={max} />
    </Field>
  );
}

function PssForm(props: FormProps) {
  const { send, pending } = useSendAccion(props);
  const form = useForm<FormOf<PssBody>, unknown, PssBody>({
    defaultValues: pssForm.defaults({ desde: props.pedido.estado }),
    resolver: pssForm.resolver,
  });
  const { submit, alert } = useFormSubmit(form, pssForm.paths, send, { marked: REVISA, invalid: () => REVISA });
  const { errors } = form.formState;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Texto
        id="pss-transportista"
        label="Transportista"
        max={80}
        error={errors.transportista?.message}
        registro={form.register('transportista')}
      />
      <Texto
        id="pss-guia"
        label="Número de guía"
        max={80}
        error={errors.numeroGuia?.message}
        registro={form.register('numeroGuia')}
      />
      <Pie accion="ENVIAR_PSS" alert={alert} disabled={pending} />
    </form>
  );
}

function EmbarqueForm(props: FormProps) {
  const { send, pending } = useSendAccion(props);
  // The dates start empty (a date input holds text); the documents are uploaded as chosen and sent by their ids.
  const form = useForm<FormOf<EmbarqueBody>, unknown, EmbarqueBody>({
    defaultValues: { ...embarqueForm.defaults({ desde: props.pedido.estado }), etd: '', eta: '' },
    resolver: embarqueForm.resolver,
  });
  const [docs, setDocs] = useState<{ id: string; nombre: string }[]>([]);
  const [subiendo, setSubiendo] = useState(false);
  const { submit, alert, setAlert } = useFormSubmit(form, embarqueForm.paths, send, {
    marked: REVISA,
    invalid: () => REVISA,
  });
  const { errors } = form.formState;
  const docsError = errors.documentos?.message;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Texto
        id="emb-naviera"
        label="Naviera"
        max={80}
        error={errors.naviera?.message}
        registro={form.register('naviera')}
      />
      <Texto
        id="emb-contenedor"
        label="Contenedor"
        max={40}
        error={errors.contenedor?.message}
        registro={form.register('contenedor')}
      />
      <Texto
        id="emb-bl"
        label="Conocimiento de embarque (BL)"
        max={60}
        error={errors.conocimientoEmbarque?.message}
        registro={form.register('conocimientoEmbarque')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Texto
          id="emb-etd"
          label="Salida (ETD)"
          type="date"
          error={errors.etd?.message}
          registro={form.register('etd')}
        />
        <Texto
          id="emb-eta"
          label="Llegada (ETA)"
          type="date"
          error={errors.eta?.message}
          registro={form.register('eta')}
        />
      </div>
      <Field id="emb-docs" label="Documentos de embarque (PDF)" error={docsError}>
        <Controller
          control={form.control}
          name="documentos"
          render={({ field }) => (
            <input
              {...fieldProps('emb-docs', docsError)}
              ref={field.ref}
              type="file"
              accept="application/pdf"
              className="block w-full text-sm text-gray-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-gray-800 hover:file:bg-gray-50 dark:text-gray-300 dark:file:border-gray-700 dark:file:bg-gray-900 dark:file:text-gray-100"
              disabled={subiendo}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setSubiendo(true);
                uploadDocumento(file)
                  .then((d) => {
                    setDocs((x) => [...x, { id: d.id, nombre: d.nombre }]);
                    field.onChange([...form.getValues('documentos'), d.id]);
                  })
                  .catch((err: unknown) => setAlert(errorMessage(err)))
                  .finally(() => setSubiendo(false));
              }}
            />
          )}
        />
      </Field>
      {docs.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {docs.map((d) => (
            <li key={d.id}>{d.nombre}</li>
          ))}
        </ul>
      )}
      <Pie accion="EMBARCAR" alert={alert} disabled={pending || subiendo} />
    </form>
  );
}

function ReclamoForm(props: FormProps) {
  const { send, pending } = useSendAccion(props);
  const form = useForm<ReclamoValues, unknown, ReclamoBody>({
    defaultValues: {
      ...(reclamoForm.defaults({ desde: props.pedido.estado }) as unknown as ReclamoValues),
      // The buyer's arrival cupping, on the same SCA sheet as a sample's (optional evidence of a claim).
      cataLlegada: emptyHoja(),
      conCata: false,
    },
    resolver: reclamoResolver,
  });
  // What the list shows of each upload; the form holds their references.
  const [evidencias, setEvidencias] = useState<Evidencia[]>([]);
  const [subiendo, setSubiendo] = useState(false);
  const { submit, alert, setAlert } = useFormSubmit(form, CAMPOS_RECLAMO, send, {
    marked: REVISA,
    invalid: (errors: FieldErrors<ReclamoValues>) =>
      numberRefused(errors, 'cataLlegada.') ? 'Revisa los números marcados de la cata de llegada.' : REVISA,
  });
  const { errors } = form.formState;
  const motivoError = errors.motivo?.message;
  const conCata = useWatch({ control: form.control, name: 'conCata' });
  let cata: ReactNode = null;
  if (conCata) {
    cata = (
      <fieldset className="space-y-4 rounded border border-gray-200 p-3 dark:border-gray-700">
        <legend className="px-1 font-semibold">Cata de llegada</legend>
        <CataCampos
          prefix="cataLlegada."
          total={(puntaje) => (
            <p className="text-sm" aria-live="polite">
              Puntaje total (SCA):{' '}
              <output className="font-semibold tabular-nums" aria-label="Puntaje de la cata de llegada">
                {formatNumber(puntaje, 2, 2)}
              </output>
            </p>
          )}
        />
      </fieldset>
    );
  }
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field id="accion-motivo" label="Qué ocurrió (llegada, humedad, defectos, taza…)" required error={motivoError}>
          <textarea
            className="input w-full"
            rows={3}
            maxLength={2000}
            {...fieldProps('accion-motivo', motivoError)}
            {...form.register('motivo')}
          />
        </Field>
        <Controller
          control={form.control}
          name="evidencias"
          render={({ field }) => (
            <EvidenciasInput
              ref={field.ref}
              id="reclamo-evidencias"
              error={errors.evidencias?.message}
              value={evidencias}
              onChange={(v) => {
                setEvidencias(v);
                field.onChange(v.map((x) => x.ref));
              }}
              onError={setAlert}
              onBusy={setSubiendo}
            />
          )}
        />
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" {...form.register('conCata')} />
          Añadir mi cata de llegada (hoja SCA)
        </label>
        {cata}
        <Pie accion="ABRIR_RECLAMO" alert={alert} disabled={pending || subiendo} />
      </form>
    </FormProvider>
  );
}
