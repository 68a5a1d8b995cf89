import type { Ubicacion } from '../../../contract/lotes';
import type { GeometriaParcela } from '../../../contract/fincas';

type Geometria = Ubicacion | GeometriaParcela;

/** A farm on the map: its name and its point, polygon or multipolygon (GeoJSON: [longitude, latitude]). */
export interface FincaEnMapa {
  id: string;
  nombre: string;
  ubicacion: Geometria | null;
}

const W = 320;
const H = 200;
const PAD = 16;

function puntos(u: Geometria): [number, number][] {
  if (u.type === 'Point') return [u.coordinates as [number, number]];
  if (u.type === 'MultiPolygon') return u.coordinates[0][0] as [number, number][];
  return u.coordinates[0] as [number, number][];
}

/** Projects [lon, lat] into the SVG box: equirectangular, scaled by cos(latitude), north up. */
export function proyeccion(todas: [number, number][]) {
  const lons = todas.map((p) => p[0]);
  const lats = todas.map((p) => p[1]);
  let [minX, maxX, minY, maxY] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  // A single point, or points very close: a box of about 1 km around them.
  const m = 0.005;
  if (maxX - minX < m) [minX, maxX] = [minX - m, maxX + m];
  if (maxY - minY < m) [minY, maxY] = [minY - m, maxY + m];
  const k = Math.cos((((minY + maxY) / 2) * Math.PI) / 180);
  const sx = (W - 2 * PAD) / ((maxX - minX) * k);
  const sy = (H - 2 * PAD) / (maxY - minY);
  const s = Math.min(sx, sy);
  const ox = (W - (maxX - minX) * k * s) / 2;
  const oy = (H - (maxY - minY) * s) / 2;
  return {
    to: ([lon, lat]: [number, number]): [number, number] => [ox + (lon - minX) * k * s, H - (oy + (lat - minY) * s)],
    from: (x: number, y: number): [number, number] => [minX + (x - ox) / (k * s), minY + (H - y - oy) / s],
  };
}

export const formatCoord = ([lon, lat]: [number, number]) =>
  `${Math.abs(lat).toFixed(6)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(6)}° ${lon >= 0 ? 'E' : 'O'}`;

/**
 * The farms' points and polygons drawn as an SVG outline (no tile server), with their coordinates listed
 * below: the traceability a lot page and a profile show.
 */
export function MapaFincas({ fincas, titulo = 'Mapa de las fincas' }: { fincas: FincaEnMapa[]; titulo?: string }) {
  const conUbicacion = fincas.filter((f): f is FincaEnMapa & { ubicacion: Geometria } => !!f.ubicacion);
  if (!conUbicacion.length) return null;
  const p = proyeccion(conUbicacion.flatMap((f) => puntos(f.ubicacion)));
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${titulo}: ${conUbicacion.map((f) => f.nombre).join(', ')}`}
        className="w-full max-w-md rounded-xl border border-gray-200 bg-emerald-50 dark:border-gray-700 dark:bg-gray-900"
      >
        {conUbicacion.map((f, i) => {
          const pts = puntos(f.ubicacion).map(p.to);
          const [lx, ly] = pts[0];
          return (
            <g key={f.id}>
              {f.ubicacion.type !== 'Point' ? (
                <polygon
                  points={pts.map(([x, y]) => `${x},${y}`).join(' ')}
                  className="fill-emerald-600/30 stroke-emerald-700 dark:fill-emerald-400/30 dark:stroke-emerald-300"
                  strokeWidth={1.5}
                />
              ) : (
                <circle cx={lx} cy={ly} r={5} className="fill-emerald-700 dark:fill-emerald-300" />
              )}
              <text x={lx + 7} y={ly - 6} className="fill-gray-800 text-[10px] dark:fill-gray-100">
                {i + 1}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
          {conUbicacion.map((f) => (
            <li key={f.id}>
              <span className="font-medium">{f.nombre}</span>:{' '}
              {f.ubicacion.type === 'Point'
                ? formatCoord(f.ubicacion.coordinates as [number, number])
                : `polígono de ${puntos(f.ubicacion).length - 1} vértices (${puntos(f.ubicacion)
                    .slice(0, -1)
                    .map(formatCoord)
                    .join('; ')})`}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
