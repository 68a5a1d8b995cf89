import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { lugarDelComprador, type Lote } from '../../../contract/lotes';
import {
  CONDICIONES_PAGO,
  CONDICION_MUESTRA_LABELS,
  CONDICION_PAGO_LABELS,
  VIAS_COBRO,
  VIA_COBRO_LABELS,
  aCentavos,
  desgloseTotal,
  kgDe,
  type CondicionMuestra,
  type CondicionPago,
  type ViaCobro,
} from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { fieldErrorsById, focusField } from '../../lib/form-errors';

import { formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { SignInInvitation } from '../../components/sign-in-invitation';
import { Field, FormAlert } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { NumeroInput } from '../../components/ui/numero-input';
import { formatoEs, leerNumero } from '../../components/ui/numero';
import { useReservar } from './api';
import { dinero } from './parts';
import { PAGINAS } from '../../../contract/paginas';

/** The input of each field the server may name in a refusal. */
const CAMPOS_COMPRA = {
  sacos: 'compra-sacos',
  lugarEntrega: 'compra-lugar',
  condicionPago: 'compra-pago',
  cobro: 'compra-cobro',
};

export function Comprar({ lote, comprador }: { lote: Lote; comprador: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ShoppingCart aria-hidden className="size-5" /> Comprar
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Comprar ${lote.nombre}`} size="max-w-lg">
        {comprador ? (
          <CompraForm lote={lote} />
        ) : (
          <SignInInvitation>
            Inicia sesión con tu cuenta de comprador para reservar sacos de este lote y seguir el pedido hasta la
            entrega.
          </SignInInvitation>
        )}
      </Modal>
    </>
  );
}

function CompraForm({ lote }: { lote: Lote }) {
  const libres = Math.max(0, lote.sacosDisponibles - lote.sacosReservados);
  const minimo = Math.min(lote.loteMinimoSacos, libres);
  // The bags as typed, read the Spanish way ("1.200" is twelve hundred; "1,5" is refused: bags are whole).
  const [sacosTexto, setSacosTexto] = useState(formatoEs(minimo, 0));
  const lectura = leerNumero(sacosTexto.trim() === '' ? '0' : sacosTexto, { decimales: 0 });
  const sacos = lectura.ok ? lectura.valor : 0;
  const setSacos = (f: (n: number) => number) => setSacosTexto(formatoEs(f(sacos), 0));
  const [lugar, setLugar] = useState('');
  const [pago, setPago] = useState<CondicionPago>('NETO_30_EMBARQUE');
  const [cobro, setCobro] = useState<ViaCobro>('CEREZA');
  const [pss, setPss] = useState(true);
  const [paso, setPaso] = useState<'elegir' | 'confirmar'>('elegir');
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(idempotencyKeys()).current;
  const reservar = useReservar();
  const navigate = useNavigate();
  const faltan = useSession().user?.faltaInformacionComercial ?? [];

  // Fewer bags than the minimum left: only all of them can be bought.
  const valido = (n: number) => Number.isInteger(n) && n <= libres && (n >= lote.loteMinimoSacos || n === libres);
  const precio = aCentavos(lote.precioKg);
  const kg = kgDe(sacos, lote.pesoSacoKg);
  const d = lote.desglosePrecio;
  // The figures the contract and the commission invoice will show, from the terms the order will freeze.
  const cifras = desgloseTotal({
    kg,
    precioKgCentavos: precio,
    desglosePrecio: d
      ? {
          precioFincaCentavos: aCentavos(d.precioFinca),
          costosExportacionCentavos: aCentavos(d.costosExportacion),
          comisionPlataformaCentavos: aCentavos(d.comisionPlataforma),
        }
      : null,
  });
  const total = cifras.totalCentavos;
  const condicionMuestra: CondicionMuestra = pss ? 'SUJETO_A_APROBACION_PSS' : 'SIN_MUESTRA';
  // DAP (and any term naming the buyer's place): the place is his, never the origin in his stead.
  const enDestino = lugarDelComprador(lote.incoterm);
  const lugarEntrega = lugar.trim() || (enDestino ? 'tu destino' : `${lote.region}, ${lote.pais}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (paso === 'elegir') {
      if (enDestino && lugar.trim().length < 2) {
        setError(
          `Este lote se vende ${lote.incoterm}: indica el lugar de entrega en destino (dirección o ciudad y país).`,
        );
        return;
      }
      if (!lectura.ok) {
        setError(lectura.error);
        return;
      }
      if (!valido(sacos)) {
        setError(
          sacos > libres
            ? `Quedan ${contar(libres, 'saco disponible', 'sacos disponibles')}.`
            : `El pedido mínimo de este lote es de ${contar(lote.loteMinimoSacos, 'saco')}.`,
        );
        return;
      }
      setPaso('confirmar');
      return;
    }
    const body = {
      loteId: lote.id,
      sacos,
      condicionPago: pago,
      condicionMuestra,
      cobro,
      ...(lugar.trim() ? { lugarEntrega: lugar.trim() } : {}),
    };
    try {
      const r = await reservar.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      toast.success(r.message);
      void navigate(PAGINAS.comprador.pedidos(r.data.pedido.id));
    } catch (err) {
      // A refusal that names a field says which and puts the focus on it (issue 32).
      const { errors, first } = fieldErrorsById(err, CAMPOS_COMPRA);
      setError(first ? errors[first] : errorMessage(err));
      setPaso('elegir');
      focusField(first);
    }
  };

  const resumen = (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label="Total del pedido">
      <dt>
        {contar(sacos, 'saco')} × {formatNumber(lote.pesoSacoKg, 0, 1)} kg
      </dt>
      <dd className="text-right tabular-nums">{formatNumber(kg, 0, 3)} kg</dd>
      {d && (
        <>
          <dt className="text-gray-600 dark:text-gray-400">Precio en finca</dt>
          <dd className="text-right tabular-nums">{dinero(cifras.fincaCentavos ?? 0, lote.moneda)}</dd>
          <dt className="text-gray-600 dark:text-gray-400">Costos de exportación</dt>
          <dd className="text-right tabular-nums">{dinero(cifras.exportacionCentavos ?? 0, lote.moneda)}</dd>
        </>
      )}
      <dt className="text-gray-600 dark:text-gray-400">Comisión de Cereza{d ? '' : ' (incluida)'}</dt>
      <dd className="text-right tabular-nums" data-testid="comision-pedido">
        {dinero(cifras.comisionCentavos, lote.moneda)}
      </dd>
      <dt className="font-semibold">
        Total ({dinero(precio, lote.moneda)}/kg, {lote.incoterm} {lugarEntrega})
      </dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="total-pedido">
        {dinero(total, lote.moneda)}
      </dd>
    </dl>
  );

  if (paso === 'confirmar') {
    return (
      <form onSubmit={submit} className="space-y-4">
        <h3 className="font-semibold">Revisa y confirma la reserva</h3>
        {resumen}
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Condición de pago: {CONDICION_PAGO_LABELS[pago]}.</li>
          <li>Forma de pago: {VIA_COBRO_LABELS[cobro]}.</li>
          <li>{CONDICION_MUESTRA_LABELS[condicionMuestra]}.</li>
          <li>El productor tiene 72 horas para confirmar; si no, la reserva expira y los sacos vuelven al lote.</li>
          <li>Al confirmar, el contrato con estos términos queda en los documentos del pedido.</li>
        </ul>
        {faltan.length > 0 && <AvisoDatosContrato faltan={faltan} />}
        <FormAlert message={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={reservar.isPending}>
            {reservar.isPending ? 'Reservando…' : 'Confirmar reserva'}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setPaso('elegir')}>
            Volver
          </button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {faltan.length > 0 && <AvisoDatosContrato faltan={faltan} />}
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Quedan <strong>{libres}</strong> sacos de {formatNumber(lote.pesoSacoKg, 0, 1)} kg · pedido mínimo{' '}
        {lote.loteMinimoSacos} {lote.loteMinimoSacos === 1 ? 'saco' : 'sacos'}.
      </p>
      <Field id="compra-sacos" label="Sacos" required>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn-secondary px-3"
            aria-label="Un saco menos"
            disabled={sacos <= minimo}
            onClick={() => setSacos((n) => Math.max(minimo, n - 1))}
          >
            −
          </button>
          <div className="flex flex-col">
            <NumeroInput
              id="compra-sacos"
              decimales={0}
              className="input w-28 text-right"
              value={sacosTexto}
              onChange={setSacosTexto}
            />
          </div>
          <button
            type="button"
            className="btn-secondary px-3"
            aria-label="Un saco más"
            disabled={sacos >= libres}
            onClick={() => setSacos((n) => Math.min(libres, n + 1))}
          >
            +
          </button>
        </div>
      </Field>
      <Field
        id="compra-lugar"
        label={enDestino ? `Lugar de entrega en destino (${lote.incoterm})` : `Lugar de entrega (${lote.incoterm})`}
        required={enDestino}
        hint={
          enDestino
            ? 'El productor entrega en tu almacén o puerto: escribe la dirección o la ciudad y el país.'
            : `Si lo dejas vacío: ${lote.region}, ${lote.pais}.`
        }
      >
        <input
          id="compra-lugar"
          className="input w-full"
          placeholder={enDestino ? 'Valencia, España' : `${lote.region}, ${lote.pais}`}
          aria-describedby="compra-lugar-hint"
          maxLength={160}
          value={lugar}
          onChange={(e) => setLugar(e.target.value)}
        />
      </Field>
      <Field id="compra-pago" label="Condición de pago">
        <select
          id="compra-pago"
          className="input w-full"
          value={pago}
          onChange={(e) => setPago(e.target.value as CondicionPago)}
        >
          {CONDICIONES_PAGO.map((c) => (
            <option key={c} value={c}>
              {CONDICION_PAGO_LABELS[c]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="compra-cobro"
        label="Forma de pago"
        hint={
          cobro === 'CEREZA'
            ? 'Transfieres a la cuenta de clientes de Cereza con la referencia del pedido; Cereza paga al productor cuando llega.'
            : 'Pagas directamente al productor y él registra el pago en Cereza.'
        }
      >
        <select
          id="compra-cobro"
          className="input w-full"
          aria-describedby="compra-cobro-hint"
          value={cobro}
          onChange={(e) => setCobro(e.target.value as ViaCobro)}
        >
          {VIAS_COBRO.map((v) => (
            <option key={v} value={v}>
              {VIA_COBRO_LABELS[v]}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={pss} onChange={(e) => setPss(e.target.checked)} />
        <span>Contrato sujeto a la aprobación de una muestra de preembarque (recomendado)</span>
      </label>
      {resumen}
      <FormAlert message={error} />
      <button type="submit" className="btn-primary" disabled={libres === 0}>
        Continuar
      </button>
    </form>
  );
}

/**
 * Before reserving, the buyer reads what the contract will need from him (issue 25 §3): the producer cannot
 * confirm while his InformacionComercial lacks it. He may still reserve; the reservation waits on it.
 */
function AvisoDatosContrato({ faltan }: { faltan: string[] }) {
  return (
    <div
      role="note"
      className="rounded bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
    >
      <p>
        <span className="font-medium">El contrato necesitará tus datos comerciales:</span> falta {faltan.join(', ')}. El
        productor no podrá confirmar el pedido hasta que los completes (tiene 72 horas desde la reserva).
      </p>
      <Link to={PAGINAS.comprador.informacionComercial} className="mt-1 inline-block underline">
        Completar la información comercial
      </Link>
    </div>
  );
}
