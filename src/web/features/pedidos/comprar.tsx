import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import type { z } from 'zod';
import { lugarDelComprador, type Lote } from '../../../contract/lotes';
import {
  CONDICIONES_PAGO,
  CONDICION_MUESTRA_LABELS,
  CONDICION_PAGO_LABELS,
  PedidoInputSchema,
  VIAS_COBRO,
  VIA_COBRO_LABELS,
  aCentavos,
  desgloseTotal,
  kgDe,
} from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { formatInt, formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { palabra } from '../../../contract/plural';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { SignInInvitation } from '../../components/sign-in-invitation';
import { Field, FormAlert } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { NumeroInput } from '../../components/ui/numero-input';
import { formatoEs, readNumero } from '../../components/ui/numero';
import { useReservar } from './api';
import { dinero } from './parts';
import { PAGINAS } from '../../../contract/paginas';

/** What the buyer chooses (the lot is the page's, added when reserving). */
const CompraSchema = PedidoInputSchema.omit({ loteId: true });
type Compra = z.output<typeof CompraSchema>;
type CompraValues = FormOf<Compra>;
/** The fields in the form's order: the first refused one is named in the form's alert. */
const CAMPOS: (keyof CompraValues)[] = ['sacos', 'lugarEntrega', 'condicionPago', 'cobro', 'condicionMuestra'];

/**
 * The contract's order body and, on top, this lot's own rules: its bags left and minimum, and a place of delivery
 * when its incoterm names the buyer's place. They refuse under their field, as the contract's own messages do.
 */
function compraDelLote(lote: Lote, libres: number, enDestino: boolean) {
  return formOf(
    CompraSchema.superRefine((c, ctx) => {
      if (enDestino && (c.lugarEntrega ?? '').length < 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['lugarEntrega'],
          message: `Este lote se vende ${lote.incoterm}: indica el lugar de entrega en destino (dirección o ciudad y país).`,
        });
      }
      // Fewer bags than the minimum left: only all of them can be bought.
      if (c.sacos > libres || (c.sacos < lote.loteMinimoSacos && c.sacos !== libres)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sacos'],
          message:
            c.sacos > libres
              ? `${palabra(libres, 'Queda', 'Quedan')} ${contar(libres, 'saco disponible', 'sacos disponibles')}.`
              : `El pedido mínimo de este lote es de ${contar(lote.loteMinimoSacos, 'saco')}.`,
        });
      }
    }),
  );
}

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
  // DAP (and any term naming the buyer's place): the place is his, never the origin in his stead.
  const enDestino = lugarDelComprador(lote.incoterm);
  const compraForm = useMemo(() => compraDelLote(lote, libres, enDestino), [lote, libres, enDestino]);
  const {
    register,
    control,
    handleSubmit,
    setError: setFieldError,
    setFocus,
    setValue,
    watch,
    formState: { errors },
  } = useForm<CompraValues, unknown, Compra>({
    // The bags as typed, read the Spanish way ("1.200" is twelve hundred; "1,5" is refused: bags are whole).
    defaultValues: compraForm.defaults({ sacos: minimo }),
    resolver: compraForm.resolver,
  });
  // The terms the buyer reviews and confirms, as the contract parsed them; null while choosing.
  const [confirmar, setConfirmar] = useState<Compra | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A refusal of the server moves back to the choices: the refused field takes the focus once it is shown again.
  const enfocar = useRef<Path<CompraValues> | null>(null);
  useEffect(() => {
    if (!confirmar && enfocar.current) setFocus(enfocar.current);
    enfocar.current = null;
  }, [confirmar, setFocus]);
  const keys = useRef(idempotencyKeys()).current;
  const reservar = useReservar();
  const navigate = useNavigate();
  const faltan = useSession().user?.faltaInformacionComercial ?? [];

  const sacosTexto = watch('sacos');
  const lectura = readNumero(sacosTexto.trim() === '' ? '0' : sacosTexto, { decimales: 0 });
  const sacos = lectura.ok ? lectura.valor : 0;
  const setSacos = (f: (n: number) => number) => setValue('sacos', formatoEs(f(sacos), 0), { shouldDirty: true });
  const lugar = watch('lugarEntrega');
  const cobro = watch('cobro');
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
  const lugarEntrega = lugar.trim() || (enDestino ? 'tu destino' : `${lote.region}, ${lote.pais}`);
  // The first refused choice is also said in the form's alert, as the form always did.
  const primerError = CAMPOS.map((k) => errors[k]?.message).find(Boolean);

  const elegir = handleSubmit((c) => {
    setError(null);
    setConfirmar(c);
  });

  const reservarCompra = async (e: FormEvent) => {
    e.preventDefault();
    if (!confirmar) return;
    setError(null);
    const body = { loteId: lote.id, ...confirmar };
    try {
      const r = await reservar.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      toast.success(r.message);
      void navigate(PAGINAS.comprador.pedidos(r.data.pedido.id));
    } catch (err) {
      // A refusal that names a field says which under it and puts the focus on it (issue 32).
      const nombrado = showFieldErrors(err, compraForm.paths, (name, fieldError, options) => {
        setFieldError(name, fieldError);
        if (options?.shouldFocus) enfocar.current = name;
      });
      if (!nombrado) setError(errorMessage(err));
      setConfirmar(null);
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

  if (confirmar) {
    return (
      <form onSubmit={reservarCompra} className="space-y-4">
        <h3 className="font-semibold">Revisa y confirma la reserva</h3>
        {resumen}
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>Condición de pago: {CONDICION_PAGO_LABELS[confirmar.condicionPago]}.</li>
          <li>Forma de pago: {VIA_COBRO_LABELS[confirmar.cobro]}.</li>
          <li>{CONDICION_MUESTRA_LABELS[confirmar.condicionMuestra]}.</li>
          <li>El productor tiene 72 horas para confirmar; si no, la reserva expira y los sacos vuelven al lote.</li>
          <li>Al confirmar, el contrato con estos términos queda en los documentos del pedido.</li>
        </ul>
        {faltan.length > 0 && <AvisoDatosContrato faltan={faltan} />}
        <FormAlert message={error} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={reservar.isPending}>
            {reservar.isPending ? 'Reservando…' : 'Confirmar reserva'}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setConfirmar(null)}>
            Volver
          </button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={elegir} className="space-y-4" noValidate>
      {faltan.length > 0 && <AvisoDatosContrato faltan={faltan} />}
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {palabra(libres, 'Queda', 'Quedan')} <strong>{formatInt(libres)}</strong> {palabra(libres, 'saco')} de{' '}
        {formatNumber(lote.pesoSacoKg, 0, 1)} kg · pedido mínimo {contar(lote.loteMinimoSacos, 'saco')}.
      </p>
      <Field id="compra-sacos" label="Sacos" required error={errors.sacos?.message}>
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
            <Controller
              control={control}
              name="sacos"
              render={({ field }) => (
                <NumeroInput
                  id="compra-sacos"
                  decimales={0}
                  className="input w-28 text-right"
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  aria-invalid={errors.sacos ? true : undefined}
                  aria-describedby={errors.sacos ? 'compra-sacos-error' : undefined}
                />
              )}
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
        error={errors.lugarEntrega?.message}
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
          aria-invalid={errors.lugarEntrega ? true : undefined}
          aria-describedby={errors.lugarEntrega ? 'compra-lugar-error compra-lugar-hint' : 'compra-lugar-hint'}
          maxLength={160}
          {...register('lugarEntrega')}
        />
      </Field>
      <Field id="compra-pago" label="Condición de pago" error={errors.condicionPago?.message}>
        <select id="compra-pago" className="input w-full" {...register('condicionPago')}>
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
        error={errors.cobro?.message}
        hint={
          cobro === 'CEREZA'
            ? 'Transfieres a la cuenta de clientes de Cereza con la referencia del pedido; Cereza paga al productor cuando llega.'
            : 'Pagas directamente al productor y él registra el pago en Cereza.'
        }
      >
        <select id="compra-cobro" className="input w-full" aria-describedby="compra-cobro-hint" {...register('cobro')}>
          {VIAS_COBRO.map((v) => (
            <option key={v} value={v}>
              {VIA_COBRO_LABELS[v]}
            </option>
          ))}
        </select>
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <Controller
          control={control}
          name="condicionMuestra"
          render={({ field }) => (
            <input
              type="checkbox"
              className="mt-1"
              ref={field.ref}
              checked={field.value === 'SUJETO_A_APROBACION_PSS'}
              onChange={(e) => field.onChange(e.target.checked ? 'SUJETO_A_APROBACION_PSS' : 'SIN_MUESTRA')}
              onBlur={field.onBlur}
            />
          )}
        />
        <span>Contrato sujeto a la aprobación de una muestra de preembarque (recomendado)</span>
      </label>
      {resumen}
      <FormAlert message={error ?? primerError} />
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
