import { Suspense, useId, useState } from 'react';
import area from '@turf/area';
import type { Ubicacion } from '../../../contract/lotes';
import type { GeometriaParcela } from '../../../contract/fincas';
import { CargandoMapa, EditorPoligono, formatCoord, type FincaEnMapa } from './mapa-fincas';

type Tipo = 'NINGUNA' | 'Point' | 'Polygon';

const parseLinea = (l: string): [number, number] | null => {
  const m = l
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map(Number);
  return m.length === 2 && m.every(Number.isFinite) ? [m[1], m[0]] : null; // "lat, lon" → [lon, lat]
};
/**
 * One coordinate typed in its own box: "2,5" or "2.5" (a coordinate never groups thousands, so either mark is its
 * decimal separator and neither is ambiguous).
 */
const coordenada = (t: string) => (/^-?\d{1,3}([.,]\d+)?$/.test(t.trim()) ? Number(t.trim().replace(',', '.')) : NaN);
const puntoDe = (lat: string, lon: string): [number, number] | null => {
  const la = coordenada(lat);
  const lo = coordenada(lon);
  return Number.isFinite(la) && Number.isFinite(lo) ? [lo, la] : null;
};
// Seven decimals (about 1 cm): a vertex drawn on the map keeps its six significant ones even when the seventh is 0.
const linea = ([lon, lat]: [number, number]) => `${lat.toFixed(7)}, ${lon.toFixed(7)}`;

/** The polygon's vertices as typed (one "latitud, longitud" per line), without the closing repeat. */
function vertices(texto: string): [number, number][] {
  return texto
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map(parseLinea)
    .filter((p): p is [number, number] => p !== null);
}

/** The editor's value as GeoJSON: a point, a closed polygon, or null (with a Spanish problem when incomplete). */
export function aUbicacion(
  tipo: Tipo,
  lat: string,
  lon: string,
  texto: string,
): { ubicacion: Ubicacion | null; error?: string } {
  if (tipo === 'NINGUNA') return { ubicacion: null };
  if (tipo === 'Point') {
    const p = puntoDe(lat, lon);
    return p
      ? { ubicacion: { type: 'Point', coordinates: p } }
      : { ubicacion: null, error: 'Indica la latitud y la longitud.' };
  }
  const vs = vertices(texto);
  if (vs.length < 3) return { ubicacion: null, error: 'Un polígono necesita al menos tres vértices.' };
  return { ubicacion: { type: 'Polygon', coordinates: [[...vs, vs[0]]] } };
}

/** The polygon's geodesic area in hectares (the server's own measure, @turf/area), or null before three vertices. */
function hectareasDe(vs: [number, number][]): number | null {
  if (vs.length < 3) return null;
  return area({ type: 'Polygon', coordinates: [[...vs, vs[0]]] }) / 10_000;
}

/**
 * Location of a farm: none, a point (latitude and longitude), or a polygon drawn on the map by mouse or touch
 * (tap to add a vertex, drag one to move it, tap the first to close) or typed as one vertex per line: the field
 * is the keyboard's way to the same polygon, and each follows the other.
 */
export function UbicacionEditor({
  value,
  onChange,
  error,
  otras = [],
  onUsarArea,
}: {
  value: GeometriaParcela | null;
  onChange: (u: { ubicacion: GeometriaParcela | null; error?: string }) => void;
  error?: string;
  /** The organisation's other plots, shown on the map. */
  otras?: FincaEnMapa[];
  /** Puts the drawn polygon's area into the form's hectares. */
  onUsarArea?: (hectareas: number) => void;
}) {
  const id = useId();
  const inicial = value?.type === 'Point' ? (value.coordinates as [number, number]) : null;
  const anillo = value?.type === 'Polygon' ? (value.coordinates[0] as [number, number][]).slice(0, -1) : [];
  const [tipo, setTipo] = useState<Tipo>(value && value.type !== 'MultiPolygon' ? value.type : 'NINGUNA');
  const [lat, setLat] = useState(inicial ? String(inicial[1]) : anillo[0] ? String(anillo[0][1]) : '');
  const [lon, setLon] = useState(inicial ? String(inicial[0]) : anillo[0] ? String(anillo[0][0]) : '');
  const [texto, setTexto] = useState(anillo.map(linea).join('\n'));
  // A saved polygon is closed: the map moves its vertices instead of adding new ones.
  const [cerrado, setCerrado] = useState(anillo.length >= 3);

  const emit = (t: Tipo, la: string, lo: string, tx: string) => onChange(aUbicacion(t, la, lo, tx));
  const centro = puntoDe(lat, lon);
  const vs = vertices(texto);
  const ha = hectareasDe(vs);

  const dibujar = (nuevos: [number, number][]) => {
    const next = nuevos.map(linea).join('\n');
    setTexto(next);
    emit(tipo, lat, lon, next);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Ubicación</legend>
      <div className="flex flex-wrap gap-4 text-sm" role="radiogroup">
        {(
          [
            ['NINGUNA', 'Sin ubicación'],
            ['Point', 'Punto'],
            ['Polygon', 'Polígono'],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="flex items-center gap-1">
            <input
              type="radio"
              name={`${id}-tipo`}
              checked={tipo === v}
              onChange={() => {
                setTipo(v);
                emit(v, lat, lon, texto);
              }}
            />
            {label}
          </label>
        ))}
      </div>
      {tipo !== 'NINGUNA' && (
        <div className="grid grid-cols-2 gap-2">
          <label className="text-sm">
            {tipo === 'Point' ? 'Latitud' : 'Latitud del centro'}
            <input
              className="input"
              inputMode="decimal"
              value={lat}
              onChange={(e) => {
                setLat(e.target.value);
                emit(tipo, e.target.value, lon, texto);
              }}
            />
          </label>
          <label className="text-sm">
            {tipo === 'Point' ? 'Longitud' : 'Longitud del centro'}
            <input
              className="input"
              inputMode="decimal"
              value={lon}
              onChange={(e) => {
                setLon(e.target.value);
                emit(tipo, lat, e.target.value, texto);
              }}
            />
          </label>
        </div>
      )}
      {tipo === 'Polygon' && (
        <>
          <p id={`${id}-ayuda`} className="text-xs text-gray-700 dark:text-gray-300">
            {cerrado
              ? 'Polígono cerrado: arrastra un vértice para moverlo.'
              : 'Toca o haz clic en el mapa para añadir cada vértice; arrastra un vértice para moverlo; toca el primero (en ámbar) para cerrar el polígono. El centro indicado arriba sitúa el mapa.'}
          </p>
          <Suspense fallback={<CargandoMapa />}>
            <EditorPoligono
              vertices={vs}
              cerrado={cerrado}
              centro={centro}
              otras={otras}
              onChange={dibujar}
              onCerrar={() => setCerrado(true)}
            />
          </Suspense>
          <div className="flex flex-wrap gap-2">
            {!cerrado && vs.length >= 3 && (
              <button type="button" className="btn-secondary" onClick={() => setCerrado(true)}>
                Cerrar el polígono
              </button>
            )}
            {!cerrado && vs.length > 0 && (
              <button type="button" className="btn-secondary" onClick={() => dibujar(vs.slice(0, -1))}>
                Quitar el último vértice
              </button>
            )}
            {vs.length > 0 && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setCerrado(false);
                  dibujar([]);
                }}
              >
                Borrar el polígono
              </button>
            )}
          </div>
          {ha != null && (
            <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
              Área del polígono: {ha.toLocaleString('es-ES', { maximumFractionDigits: 2 })} ha
              {onUsarArea && (
                <button type="button" className="btn-secondary" onClick={() => onUsarArea(ha)}>
                  Usar como hectáreas
                </button>
              )}
            </p>
          )}
          <label className="block text-sm" htmlFor={`${id}-vertices`}>
            Vértices (una línea por vértice: latitud, longitud)
          </label>
          <textarea
            id={`${id}-vertices`}
            className="input min-h-24 font-mono text-xs"
            value={texto}
            onChange={(e) => {
              setTexto(e.target.value);
              emit(tipo, lat, lon, e.target.value);
            }}
          />
          {vs[0] && <p className="text-xs">Primer vértice: {formatCoord(vs[0])}</p>}
        </>
      )}
      {error && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
