import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import type { Lote } from '../../../contract/lotes';
import type { InformacionComercial } from '../../../contract/auth';
import { ESTADO_MUESTRA_LABELS, type DireccionEnvioInput, type Muestra } from '../../../contract/muestras';
import { API } from '../../../contract/paths';
import { displayName } from '../../../contract/roles';
import { ApiError, api, errorMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { idempotencyKeys } from '../../lib/idempotency';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { SignInInvitation } from '../../components/sign-in-invitation';
import { Field, FormAlert } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useMuestrasDeLote, useSolicitarMuestra } from './api';
import { PaisSelect } from '../../components/ui/pais-select';

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
      <Link to={`/Dashboard/comprador/muestras?muestra=${muestra.id}`} className="underline">
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

const CAMPOS: { key: keyof DireccionEnvioInput; label: string; required?: boolean; autoComplete: string }[] = [
  { key: 'nombre', label: 'Nombre de quien recibe', required: true, autoComplete: 'name' },
  { key: 'empresa', label: 'Empresa', autoComplete: 'organization' },
  { key: 'linea1', label: 'Dirección', required: true, autoComplete: 'street-address' },
  { key: 'ciudad', label: 'Ciudad', required: true, autoComplete: 'address-level2' },
  { key: 'codigoPostal', label: 'Código postal', autoComplete: 'postal-code' },
  { key: 'pais', label: 'País', required: true, autoComplete: 'country' },
  { key: 'telefono', label: 'Teléfono', autoComplete: 'tel' },
];

function SolicitudForm({ lote, onDone }: { lote: Lote; onDone: () => void }) {
  const { user } = useSession();
  const info = useQuery({
    queryKey: ['cuenta', 'informacion-comercial'],
    queryFn: ({ signal }) =>
      api<{ informacionComercial: InformacionComercial | null }>(API.users.informacionComercial, { signal }).then(
        (r) => r.informacionComercial,
      ),
  });
  if (info.isPending) return <p role="status">Cargando tus datos…</p>;
  const ic = info.data;
  const inicial: DireccionEnvioInput = {
    nombre: user ? displayName(user) : '',
    empresa: ic?.razonSocial ?? '',
    linea1: ic?.direccionFacturacion.linea1 ?? '',
    ciudad: ic?.direccionFacturacion.ciudad ?? '',
    codigoPostal: ic?.direccionFacturacion.codigoPostal ?? '',
    pais: ic?.direccionFacturacion.pais ?? '',
    telefono: '',
  };
  return <SolicitudFields lote={lote} inicial={inicial} onDone={onDone} />;
}

function SolicitudFields({ lote, inicial, onDone }: { lote: Lote; inicial: DireccionEnvioInput; onDone: () => void }) {
  const [dir, setDir] = useState<DireccionEnvioInput>(inicial);
  const [mensaje, setMensaje] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(idempotencyKeys()).current;
  const solicitar = useSolicitarMuestra();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    setError(null);
    const body = { loteId: lote.id, direccionEnvio: dir, mensaje };
    try {
      const r = await solicitar.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      toast.success(r.message);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setFields(
          Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/^direccionEnvio\./, ''), v])),
        );
      }
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Muestra de <strong>{lote.muestra.gramos} g</strong>, {precio(lote)}. El productor tiene 7 días para aceptarla.
      </p>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-medium">Dirección de envío</legend>
        {CAMPOS.map((c) => (
          <Field key={c.key} id={`envio-${c.key}`} label={c.label} required={c.required} error={fields[c.key]}>
            {c.key === 'pais' ? (
              <PaisSelect
                id={`envio-pais`}
                value={dir.pais ?? ''}
                onChange={(pais) => setDir((d) => ({ ...d, pais }))}
                aria-invalid={fields.pais ? true : undefined}
              />
            ) : (
              <input
                id={`envio-${c.key}`}
                className="input w-full"
                autoComplete={c.autoComplete}
                value={dir[c.key] ?? ''}
                onChange={(e) => setDir((d) => ({ ...d, [c.key]: e.target.value }))}
                aria-invalid={fields[c.key] ? true : undefined}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <Field id="envio-mensaje" label="Mensaje para el productor" error={fields.mensaje}>
        <textarea
          id="envio-mensaje"
          className="input w-full"
          rows={3}
          maxLength={1000}
          value={mensaje}
          onChange={(e) => setMensaje(e.target.value)}
        />
      </Field>
      <FormAlert message={error} />
      <button type="submit" className="btn-primary" disabled={solicitar.isPending}>
        {solicitar.isPending ? 'Enviando…' : 'Enviar solicitud'}
      </button>
    </form>
  );
}
