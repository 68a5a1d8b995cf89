import { useId, useState } from 'react';
import type { Ubicacion } from '../../../contract/lotes';
import type { GeometriaParcela } from '../../../contract/fincas';
import { formatCoord, proyeccion } from './mapa-fincas';

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
const linea = ([lon, lat]: [number, number]) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

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

/**
 * Location of a farm: none, a point (latitude and longitude), or a polygon typed as one vertex per line or drawn
 * by clicking on the outline (around the point given as centre). No tile server: an SVG pad.
 */
export function UbicacionEditor({
  value,
  onChange,
  error,
}: {
  value: GeometriaParcela | null;
  onChange: (u: { ubicacion: GeometriaParcela | null; error?: string }) => void;
  error?: string;
}) {
  const id = useId();
  const inicial = value?.type === 'Point' ? (value.coordinates as [number, number]) : null;
  const anillo = value?.type === 'Polygon' ? (value.coordinates[0] as [number, number][]).slice(0, -1) : [];
  const [tipo, setTipo] = useState<Tipo>(value && value.type !== 'MultiPolygon' ? value.type : 'NINGUNA');
  const [lat, setLat] = useState(inicial ? String(inicial[1]) : anillo[0] ? String(anillo[0][1]) : '');
  const [lon, setLon] = useState(inicial ? String(inicial[0]) : anillo[0] ? String(anillo[0][0]) : '');
  const [texto, setTexto] = useState(anillo.map(linea).join('\n'));

  const emit = (t: Tipo, la: string, lo: string, tx: string) => onChange(aUbicacion(t, la, lo, tx));
  const centro = puntoDe(lat, lon);
  const vs = vertices(texto);
  const base = vs.length ? vs : centro ? [centro] : [];
  const p = base.length
    ? proyeccion(
        base.length === 1
          ? [
              [base[0][0] - 0.004, base[0][1] - 0.004],
              [base[0][0] + 0.004, base[0][1] + 0.004],
            ]
          : base,
      )
    : null;

  const onPad = (e: React.MouseEvent<SVGSVGElement>) => {
    if (!p) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * 320;
    const y = ((e.clientY - r.top) / r.height) * 200;
    const next = [texto.trim(), linea(p.from(x, y))].filter(Boolean).join('\n');
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
          {p ? (
            <div>
              <p className="text-xs text-gray-600 dark:text-gray-400">
                O dibuja: cada clic en el recuadro añade un vértice.
              </p>
              <svg
                viewBox="0 0 320 200"
                className="w-full max-w-md cursor-crosshair rounded-xl border border-gray-300 bg-emerald-50 dark:border-gray-700 dark:bg-gray-900"
                onClick={onPad}
                aria-hidden
              >
                {vs.length > 1 && (
                  <polygon
                    points={vs.map((v) => p.to(v).join(',')).join(' ')}
                    className="fill-emerald-600/30 stroke-emerald-700 dark:stroke-emerald-300"
                  />
                )}
                {vs.map((v, i) => {
                  const [x, y] = p.to(v);
                  return <circle key={i} cx={x} cy={y} r={3} className="fill-emerald-800 dark:fill-emerald-200" />;
                })}
              </svg>
              {vs[0] && <p className="text-xs">Primer vértice: {formatCoord(vs[0])}</p>}
            </div>
          ) : (
            <p className="text-xs text-gray-600 dark:text-gray-400">Indica el centro para poder dibujar.</p>
          )}
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
