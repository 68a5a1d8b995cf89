import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import {
  CERTIFICACION_LABELS,
  CERTIFICACIONES,
  COMISION_LABEL,
  comisionOf,
  desgloseMatches,
  INCOTERM_LABELS,
  INCOTERMS,
  MONEDA_LABELS,
  MONEDAS,
  PESO_SACO_LABELS,
  PESOS_SACO,
  POSICION_LABELS,
  POSICIONES,
  precioFromDesglose,
} from '../../../../../contract/lotes';
import { Select } from '../../../../components/ui/select';
import { formatPrecioKg } from '../../../../lib/format';
import { parseDecimal } from '../../../../lib/form-schema';
import type { FormValues } from '../../form-values';
import { ListField, Section, TextField, toOptions, useFieldError, useLoteForm } from './fields';

const CERT_OPTIONS = toOptions(CERTIFICACIONES, CERTIFICACION_LABELS);

/** The price a breakdown gives, once both parts are numbers. */
function priceOf(desglose: FormValues['desglosePrecio']) {
  if (!desglose) return null;
  const finca = parseDecimal(desglose.precioFinca);
  const exportacion = parseDecimal(desglose.costosExportacion);
  if (!desglose.precioFinca.trim() || !desglose.costosExportacion.trim()) return null;
  if (!Number.isFinite(finca) || !Number.isFinite(exportacion) || finca < 0 || exportacion < 0) return null;
  const precio = precioFromDesglose(finca, exportacion);
  return { finca, exportacion, precio, comision: comisionOf(precio) };
}

/**
 * The breakdown the buyer sees: the producer states the farm price and the export costs, Cereza's commission
 * is its rate on the price, and the price per kg is their sum (docs/decisions/016). The form shows the result
 * as it is typed and puts it in "Precio por kg", which the server checks again.
 */
function Desglose() {
  const { watch, setValue } = useLoteForm();
  const desglose = watch('desglosePrecio');
  const moneda = watch('moneda');
  const error = useFieldError('desglosePrecio');
  const computed = priceOf(desglose);
  // A price that already agrees with the breakdown is kept (a stored lot is not changed by opening it; two prices a
  // cent apart can both agree when the commission's rounding steps between them).
  const current = parseDecimal(watch('precioKg'));
  const result =
    computed && Number.isFinite(current) && desgloseMatches(current, computed.finca, computed.exportacion)
      ? { ...computed, precio: current, comision: comisionOf(current) }
      : computed;
  const precio = computed ? computed.precio.toFixed(2).replace('.', ',') : null;
  const agrees = result !== computed;
  useEffect(() => {
    if (precio && !agrees) setValue('precioKg', precio, { shouldDirty: true, shouldValidate: true });
  }, [precio, agrees, setValue]);

  return (
    <>
      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={desglose !== null}
            onChange={(e) =>
              setValue('desglosePrecio', e.target.checked ? { precioFinca: '', costosExportacion: '' } : null, {
                shouldDirty: true,
              })
            }
          />
          Calcular el precio con su desglose (finca, exportación y comisión de Cereza)
        </label>
        {error && <p className="field-error">{error}</p>}
      </div>
      {desglose && (
        <>
          <TextField name="desglosePrecio.precioFinca" label="Precio en finca por kg" inputMode="decimal" />
          <TextField
            name="desglosePrecio.costosExportacion"
            label="Costos de exportación por kg"
            inputMode="decimal"
            hint="Trilla, selección, sacos, transporte interno, trámites (y flete en DAP)."
          />
          <div className="rounded-lg bg-gray-50 p-3 text-sm sm:col-span-2 dark:bg-gray-800" aria-live="polite">
            {result ? (
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                <dt>Precio en finca</dt>
                <dd className="text-right tabular-nums">{formatPrecioKg(result.finca, moneda)}</dd>
                <dt>Costos de exportación</dt>
                <dd className="text-right tabular-nums">{formatPrecioKg(result.exportacion, moneda)}</dd>
                <dt>Comisión de Cereza ({COMISION_LABEL} del precio)</dt>
                <dd className="text-right tabular-nums">{formatPrecioKg(result.comision, moneda)}</dd>
                <dt className="font-semibold">Precio por kg para el comprador</dt>
                <dd className="text-right font-semibold tabular-nums">{formatPrecioKg(result.precio, moneda)}</dd>
              </dl>
            ) : (
              <p className="text-gray-700 dark:text-gray-300">
                Escribe el precio en finca y los costos de exportación: calculamos la comisión de Cereza (
                {COMISION_LABEL} del precio) y el precio por kg.
              </p>
            )}
          </div>
        </>
      )}
    </>
  );
}

export function OfertaSection() {
  const { control, watch } = useLoteForm();
  const posicion = watch('posicion');
  const conDesglose = watch('desglosePrecio') !== null;
  const certError = useFieldError('certificaciones');
  return (
    <Section titulo="Oferta">
      <TextField
        name="precioKg"
        required
        label="Precio por kg"
        inputMode="decimal"
        readOnly={conDesglose}
        hint={conDesglose ? 'Calculado con el desglose de abajo.' : undefined}
      />
      <ListField name="moneda" label="Moneda" options={toOptions(MONEDAS, MONEDA_LABELS)} />
      <ListField name="incoterm" label="Incoterm" options={toOptions(INCOTERMS, INCOTERM_LABELS)} />
      <ListField name="posicion" label="Posición" options={toOptions(POSICIONES, POSICION_LABELS)} />
      <TextField name="sacosDisponibles" label="Sacos disponibles" inputMode="numeric" />
      <ListField name="pesoSacoKg" required label="Peso por saco" options={toOptions(PESOS_SACO, PESO_SACO_LABELS)} />
      <TextField name="loteMinimoSacos" label="Pedido mínimo (sacos)" inputMode="numeric" />
      <TextField
        name="ventanaEmbarque"
        label="Ventana de embarque"
        placeholder="Marzo–abril 2026"
        maxLength={60}
        hint={posicion === 'FUTURO' ? 'Obligatoria para un lote a futuro.' : undefined}
      />
      <Controller
        control={control}
        name="certificaciones"
        render={({ field }) => (
          <div className="sm:col-span-2">
            {/* A closed list: no free text. */}
            <Select
              multiple
              label="Certificaciones"
              options={CERT_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={certError}
            />
          </div>
        )}
      />
      <Desglose />
    </Section>
  );
}
