import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FlaskConical } from 'lucide-react';
import type { z } from 'zod';
import type { Lote } from '../../../contract/lotes';
import {
  ESTADO_MUESTRA_LABELS,
  MuestraInputSchema,
  PLAZOS_MUESTRA,
  type DireccionEnvio,
  type Muestra,
} from '../../../contract/muestras';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { DireccionFields, MensajeField, useDireccionInicial } from './direccion-fields';
import { formatMoney } from '../../lib/format';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { SignInInvitation } from '../../components/sign-in-invitation';
import { FormAlert } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useMuestrasDeLote, useSolicitarMuestra } from './api';
import { PAGINAS } from '../../../contract/paginas';

// What the buyer writes: the address and a message (the lot is the page's, added when sending).
const SolicitudSchema = MuestraInputSchema.omit({ loteId: true });
const solicitudForm = formOf(SolicitudSchema);
const resolver = solicitudForm.resolver;
type Solicitud = z.output<typeof SolicitudSchema>;

const EN_CURSO = ['SOLICITADA', 'ACEPTADA', 'ENVIADA', 'ENTREGADA'];

const precio = (lote: Lote) => (lote.muestra.precio ? formatMoney(lote.muestra.precio, lote.moneda) : 'sin costo');

export function SolicitarMuestra({ lote, comprador }: { lote: Lote; comprador: boolean }) {
  const [open, setOpen] = useState(false);
  const mias = useMuestrasDeLote(lote.id, comprador);
  const enCurso = mias.data?.muestras.find((m) => EN_CURSO.includes(m.estado));
  if (enCurso) return <MuestraEnCurso muestra={enCurso} />;
  return (
    <>
      <button type="button" className="btn-secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <FlaskConical aria-hidden className="size-5" /> Solicitar muestra
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Solicitar muestra de ${lote.nombre}`} size="max-w-lg">
        {comprador ? <SolicitudForm lote={lote} onDone={() => setOpen(false)} /> : <Invitacion lote={lote} />}
      </Modal>
    </>
  );
}

function MuestraEnCurso({ muestra }: { muestra: Muestra }) {
  return (
    <p className="rounded-lg border px-3 py-2 text-sm dark:border-gray-700" role="status">
      Tu muestra de este lote: <strong>{ESTADO_MUESTRA_LABELS[muestra.estado].toLowerCase()}</strong>.{' '}
      <Link to={PAGINAS.comprador.muestras(muestra.id)} className="underline">
        Ver en tus muestras
      </Link>
    </p>
  );
}

function Invitacion({ lote }: { lote: Lote }) {
  return (
    <SignInInvitation>
      Este lote ofrece muestras de {lote.muestra.gramos} g ({precio(lote)}). Inicia sesión con tu cuenta de comprador
      para pedirla y seguir su envío.
    </SignInInvitation>
  );
}

function SolicitudForm({ lote, onDone }: { lote: Lote; onDone: () => void }) {
  const inicial = useDireccionInicial();
  if (!inicial) return <p role="status">Cargando tus datos…</p>;
  return <SolicitudFields lote={lote} inicial={inicial} onDone={onDone} />;
}

function SolicitudFields({ lote, inicial, onDone }: { lote: Lote; inicial: DireccionEnvio; onDone: () => void }) {
  const form = useForm<FormOf<Solicitud>, unknown, Solicitud>({
    defaultValues: solicitudForm.defaults({ direccionEnvio: inicial, mensaje: '' }),
    resolver,
  });
  const { handleSubmit, setError: setFieldError } = form;
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(idempotencyKeys()).current;
  const solicitar = useSolicitarMuestra();

  const submit = handleSubmit(async (values) => {
    setError(null);
    const body = { loteId: lote.id, ...values };
    try {
      const r = await solicitar.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      toast.success(r.message);
      onDone();
    } catch (err) {
      showFieldErrors(err, solicitudForm.paths, setFieldError);
      setError(errorMessage(err));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Muestra de <strong>{lote.muestra.gramos} g</strong>, {precio(lote)}. El productor tiene{' '}
          {PLAZOS_MUESTRA.respuesta} días para aceptarla.
        </p>
        <DireccionFields prefix="envio" />
        <MensajeField prefix="envio" label="Mensaje para el productor" />
        <FormAlert message={error} />
        <button type="submit" className="btn-primary" disabled={solicitar.isPending}>
          {solicitar.isPending ? 'Enviando…' : 'Enviar solicitud'}
        </button>
      </form>
    </FormProvider>
  );
}
