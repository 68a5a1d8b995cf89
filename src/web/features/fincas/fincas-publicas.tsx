import type { Finca } from '../../../contract/fincas';
import { CLASE_RIESGO_LABELS } from '../../../contract/eudr';
import { paisName } from '../../../contract/lotes-codes';
import { useEudrDeLote, useFincasDeLote, useFincasDeProductor } from './api';
import { FincaDatos } from './finca-datos';
import { MapaFincas } from './mapa-fincas';

/** The lot page's traceability: the farms it comes from, their data, a map and the coordinates. */
export function FincasDelLote({ loteId }: { loteId: string }) {
  const { data: fincas } = useFincasDeLote(loteId);
  return (
    <>
      <EudrDelLote loteId={loteId} />
      {!!fincas?.length && <FincasPublicas fincas={fincas} titulo="Trazabilidad: fincas de origen" />}
    </>
  );
}

const fechaEs = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('es-ES', { timeZone: 'UTC' });

/** The lot's EUDR readiness (issue 30): what an EU importer needs for his due-diligence statement, or what is missing. */
function EudrDelLote({ loteId }: { loteId: string }) {
  const { data: e } = useEudrDeLote(loteId);
  if (!e) return null;
  return (
    <section className="card space-y-2 p-4" aria-labelledby="eudr-titulo">
      <h2 id="eudr-titulo" className="text-lg font-semibold">
        Reglamento europeo contra la deforestación (EUDR)
      </h2>
      <p
        className={
          e.listo
            ? 'font-medium text-emerald-800 dark:text-emerald-300'
            : 'font-medium text-amber-800 dark:text-amber-300'
        }
      >
        {e.listo
          ? `Lote listo para la EUDR: ${e.parcelas} ${e.parcelas === 1 ? 'parcela' : 'parcelas'} con geolocalización válida (${e.hectareas.toLocaleString('es-ES')} ha).`
          : 'A este lote aún le falta para la EUDR:'}
      </p>
      {!e.listo && (
        <ul className="list-disc pl-5 text-sm">
          {e.faltas.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Periodo de producción</dt>
        <dd>
          {e.cosechaInicio && e.cosechaFin ? `${fechaEs(e.cosechaInicio)} – ${fechaEs(e.cosechaFin)}` : 'Sin indicar'}
        </dd>
        <dt className="font-medium">Clase de riesgo de {paisName(e.pais)}</dt>
        <dd>
          {e.riesgo
            ? `${CLASE_RIESGO_LABELS[e.riesgo.clase]} (${e.riesgo.fuente}; ${fechaEs(e.riesgo.fechaFuente)})`
            : 'Sin clasificar en Cereza: consulta el Reglamento de Ejecución (UE) 2025/1093.'}
        </dd>
      </dl>
      {e.listo && (
        <p className="text-sm">
          <a className="underline" href={`/api/lotes/${loteId}/eudr.geojson`} download>
            Descargar las parcelas en GeoJSON (formato del Sistema de Información de la UE)
          </a>
        </p>
      )}
      <p className="text-xs text-gray-700 dark:text-gray-300">
        Cereza comprueba la geolocalización de las parcelas, no los datos de deforestación por satélite.
      </p>
    </section>
  );
}

export function FincasPublicas({ fincas, titulo }: { fincas: Finca[]; titulo: string }) {
  return (
    <section className="card space-y-3 p-4" aria-labelledby="fincas-titulo">
      <h2 id="fincas-titulo" className="text-lg font-semibold">
        {titulo}
      </h2>
      <MapaFincas fincas={fincas} aPeticion />
      <ul className="grid gap-3 sm:grid-cols-2">
        {fincas.map((f) => (
          <li key={f.id} className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
            <h3 className="font-medium">{f.nombre}</h3>
            <FincaDatos finca={f} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The public profile's member farms. */
export function FincasDelProductor({ productorId }: { productorId: string }) {
  const { data: fincas } = useFincasDeProductor(productorId);
  if (!fincas?.length) return null;
  return <FincasPublicas fincas={fincas} titulo="Fincas" />;
}
