import { lazy, Suspense, useState } from 'react';
import type { Ubicacion } from '../../../contract/lotes';
import type { GeometriaParcela } from '../../../contract/fincas';

type Geometria = Ubicacion | GeometriaParcela;

/** A farm on the map: its name and its point, polygon or multipolygon (GeoJSON: [longitude, latitude]). */
export interface FincaEnMapa {
  id: string;
  nombre: string;
  ubicacion: Geometria | null;
}

// Leaflet and its CSS: a chunk of their own, fetched when a map is shown (issue 30), never with a page's first load.
const loadMapa = () => import('./mapa-leaflet');
const MapaParcelas = lazy(() => loadMapa().then((m) => ({ default: m.MapaParcelas })));
export const EditorPoligono = lazy(() => loadMapa().then((m) => ({ default: m.EditorPoligono })));

export function CargandoMapa() {
  return (
    <div
      role="status"
      className="flex h-72 w-full items-center justify-center rounded-xl border border-gray-300 bg-gray-50 text-sm dark:border-gray-700 dark:bg-gray-900"
    >
      Cargando el mapa…
    </div>
  );
}

function puntos(u: Geometria): [number, number][] {
  if (u.type === 'Point') return [u.coordinates as [number, number]];
  if (u.type === 'MultiPolygon') return u.coordinates[0][0] as [number, number][];
  return u.coordinates[0] as [number, number][];
}

export const formatCoord = ([lon, lat]: [number, number]) =>
  `${Math.abs(lat).toFixed(6)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(6)}° ${lon >= 0 ? 'E' : 'O'}`;

/**
 * The farms' points and polygons on a map (OpenStreetMap tiles through Leaflet), with their coordinates listed
 * below: the traceability a lot page, a profile and the producer's dashboard show. On the public pages (`aPeticion`)
 * the map, its code and its tiles load when the visitor asks for them.
 */
export function MapaFincas({
  fincas,
  titulo = 'Mapa de las fincas',
  aPeticion = false,
}: {
  fincas: FincaEnMapa[];
  titulo?: string;
  aPeticion?: boolean;
}) {
  const [visible, setVisible] = useState(!aPeticion);
  const conUbicacion = fincas.filter((f): f is FincaEnMapa & { ubicacion: Geometria } => !!f.ubicacion);
  if (!conUbicacion.length) return null;
  return (
    <figure className="space-y-2">
      {visible ? (
        <Suspense fallback={<CargandoMapa />}>
          <MapaParcelas parcelas={conUbicacion} titulo={titulo} />
        </Suspense>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setVisible(true)}>
          Ver las parcelas en el mapa
        </button>
      )}
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
