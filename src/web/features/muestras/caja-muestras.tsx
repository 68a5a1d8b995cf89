import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAJAS_API } from '../../../contract/cajas-endpoints';
import { paisName } from '../../../contract/lotes-codes';
import {
  CajaEnviarSchema,
  type CajaEnviarInput,
  type CajaLote,
  type CajaMuestras,
  type DireccionEnvio,
} from '../../../contract/muestras';
import { call, errorMessage } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { FormAlert } from '../../components/ui/field';
import { CAJA_KEY, readCajaServidor } from './caja-store';
import { DireccionFields, MensajeField, useDireccionInicial } from './direccion-fields';
import { EstadoBadge, precioMuestra } from './parts';
import { muestrasKeys } from './api';

/** The boxes sent (both parties read them; the producer ships from his samples page). */
export const CAJAS_KEY = ['cajas-muestras'] as const;
export const useCajasEnviadas = () =>
  useQuery({
    queryKey: CAJAS_KEY,
    queryFn: ({ signal }) => call(CAJAS_API.cajas, { signal }).then((r) => r.data.cajas),
  });

// What the buyer writes: one address and one message (the lots are the box's, added when sending).
const EnvioCajaSchema = CajaEnviarSchema.omit({ loteIds: true });
const envioCajaForm = formOf(EnvioCajaSchema);
const resolver = envioCajaForm.resolver;
type EnvioCaja = z.output<typeof EnvioCajaSchema>;

const precioLote = (l: CajaLote) => (l.precioCentavos ? formatMoney(l.precioCentavos / 100, l.moneda) : 'sin costo');

/** The lots by producer, in the box's order: what one request each will carry. */
function porProductor(lotes: CajaLote[]) {
  const grupos = new Map<string, CajaLote[]>();
  for (const l of lotes) grupos.set(l.productorId, [...(grupos.get(l.productorId) ?? []), l]);
  return [...grupos.values()];
}

/** /Dashboard/comprador/caja-muestras: review the box, send it (one request per producer), follow the boxes sent. */
export function CajaMuestrasPage() {
  const qc = useQueryClient();
  const caja = useQuery({ queryKey: CAJA_KEY, queryFn: ({ signal }) => readCajaServidor(signal) });
  const remove = useMutation({
    mutationFn: (id: string) => call(CAJAS_API.quitar, { params: { id } }),
    onSuccess: (r) => {
      qc.setQueryData(CAJA_KEY, r.data.lotes);
      toast.success(r.message);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const lotes = caja.data ?? [];
  const enviables = lotes.filter((l) => l.disponible);
  const grupos = porProductor(enviables);

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Caja de muestras</h1>
      <section aria-labelledby="en-tu-caja" className="space-y-3">
        <h2 id="en-tu-caja" className="text-lg font-semibold">
          En tu caja
        </h2>
        {caja.isPending && <div className="card h-32 animate-pulse" aria-hidden />}
        {caja.isError && <ErrorRetry message={errorMessage(caja.error)} onRetry={() => void caja.refetch()} />}
        {caja.data && lotes.length === 0 && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Tu caja está vacía. En el{' '}
            <Link to="/lotes" className="underline">
              catálogo
            </Link>
            , pulsa «Añadir a la caja de muestras» en los lotes que quieras catar y pídelos todos de una vez.
          </p>
        )}
        {lotes.length > 0 && (
          <ul className="space-y-2">
            {lotes.map((l) => (
              <li key={l.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    <Link to={`/lote/${l.id}`} className="underline">
                      {l.nombre}
                    </Link>{' '}
                    <span className="text-sm text-gray-600 dark:text-gray-400">{l.codigo}</span>
                  </p>
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    {l.productor} · {paisName(l.pais)} ·{' '}
                    {l.disponible ? (
                      <>
                        {l.gramos} g · {precioLote(l)}
                      </>
                    ) : (
                      <strong>Ya no ofrece muestras: no se enviará.</strong>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-ghost"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(l.id)}
                  aria-label={`Quitar ${l.nombre} de la caja`}
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
        {grupos.length > 0 && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {grupos.length === 1
              ? `Se enviará una solicitud a ${grupos[0][0].productor}.`
              : `Se enviarán ${grupos.length} solicitudes, una a cada productor: ${grupos.map((g) => g[0].productor).join(', ')}.`}{' '}
            Cada productor acepta o rechaza cada lote y envía juntos los que acepte.
          </p>
        )}
        {enviables.length > 0 && <EnviarCajaForm lotes={enviables} />}
      </section>
      <CajasEnviadas />
    </div>
  );
}

function EnviarCajaForm({ lotes }: { lotes: CajaLote[] }) {
  const inicial = useDireccionInicial();
  if (!inicial) return <p role="status">Cargando tus datos…</p>;
  return <EnviarCajaFields lotes={lotes} inicial={inicial} />;
}

function EnviarCajaFields({ lotes, inicial }: { lotes: CajaLote[]; inicial: DireccionEnvio }) {
  const qc = useQueryClient();
  const form = useForm<FormOf<EnvioCaja>, unknown, EnvioCaja>({
    defaultValues: envioCajaForm.defaults({ direccionEnvio: inicial, mensaje: '' }),
    resolver,
  });
  const {
    handleSubmit,
    setError: setFieldError,
    formState: { isSubmitting },
  } = form;
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(idempotencyKeys()).current;

  const submit = handleSubmit(async (values) => {
    setError(null);
    const body: CajaEnviarInput = { loteIds: lotes.map((l) => l.id), ...values };
    try {
      const r = await call(CAJAS_API.enviar, { body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      toast.success(r.message);
      await Promise.all([
        qc.invalidateQueries({ queryKey: CAJA_KEY }),
        qc.invalidateQueries({ queryKey: CAJAS_KEY }),
        qc.invalidateQueries({ queryKey: muestrasKeys.all }),
      ]);
    } catch (err) {
      showFieldErrors(err, envioCajaForm.paths, setFieldError);
      setError(errorMessage(err));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} className="card space-y-3 p-4" noValidate aria-labelledby="enviar-caja">
        <h3 id="enviar-caja" className="font-semibold">
          Enviar la caja
        </h3>
        <DireccionFields prefix="caja" />
        <MensajeField prefix="caja" label="Mensaje para los productores" />
        <FormAlert message={error} />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Enviando…' : 'Enviar solicitudes'}
        </button>
      </form>
    </FormProvider>
  );
}

function CajasEnviadas() {
  const { data, isError, error, refetch } = useCajasEnviadas();
  return (
    <section aria-labelledby="cajas-enviadas" className="space-y-3">
      <h2 id="cajas-enviadas" className="text-lg font-semibold">
        Cajas enviadas
      </h2>
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.length === 0 && (
        <p className="text-sm text-gray-700 dark:text-gray-300">Todavía no has enviado ninguna caja de muestras.</p>
      )}
      {data && data.length > 0 && (
        <ul className="space-y-3">
          {data.map((c) => (
            <li key={c.id}>
              <CajaResumen caja={c} titulo={c.productor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A box sent: its lots with their states and its one shipment. */
export function CajaResumen({ caja: c, titulo }: { caja: CajaMuestras; titulo: string }) {
  return (
    <article className="card space-y-2 p-4" aria-label={`Caja de muestras: ${titulo}`}>
      <h3 className="font-semibold">{titulo}</h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Pedida el {formatDate(c.createdAt)}
        {c.enviadaAt
          ? ` · enviada el ${formatDate(c.enviadaAt)} por ${c.transportista}, guía ${c.numeroGuia}`
          : ' · sin enviar todavía'}
      </p>
      <ul className="divide-y dark:divide-gray-700">
        {c.muestras.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              {m.lote.nombre} · {m.gramos} g · {precioMuestra(m)}
            </span>
            <EstadoBadge estado={m.estado} />
          </li>
        ))}
      </ul>
    </article>
  );
}
