import { useEffect, useRef } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Ubicacion } from '../../../contract/lotes';
import type { GeometriaParcela } from '../../../contract/fincas';
import { useMapaConfig } from './api';

/*
 * The plots on a real map (issue 30): Leaflet with the tiles GET /api/config names (OpenStreetMap by default). This
 * module and Leaflet's CSS are one chunk, loaded only by the pages that show a map (mapa-fincas.tsx), never with a
 * public page's first load.
 */

type Geometria = Ubicacion | GeometriaParcela;
type Lonlat = [number, number];

export interface ParcelaEnMapa {
  id: string;
  nombre: string;
  ubicacion: Geometria | null;
}

const latlng = ([lon, lat]: Lonlat) => L.latLng(lat, lon);
const COLOR = '#047857';

function capa(u: Geometria, nombre: string, estilo: L.PathOptions = { color: COLOR, weight: 2, fillOpacity: 0.25 }) {
  const layer =
    u.type === 'Point'
      ? L.circleMarker(latlng(u.coordinates as Lonlat), { ...estilo, radius: 7, fillOpacity: 0.8 })
      : L.polygon(
          (u.type === 'Polygon' ? [u.coordinates] : u.coordinates).map((pol) =>
            pol.map((ring) => ring.map((p) => latlng(p as Lonlat))),
          ),
          estilo,
        );
  return layer.bindTooltip(nombre);
}

/** A Leaflet map in a div, its tile layer from the settings; removed with the component. */
function useMapa(
  div: React.RefObject<HTMLDivElement | null>,
  onMapa: (m: L.Map) => void | (() => void),
  opciones: L.MapOptions = {},
) {
  const { data: config } = useMapaConfig();
  const mapa = useRef<L.Map | null>(null);
  useEffect(() => {
    if (!div.current || !config) return;
    const m = L.map(div.current, { zoomControl: true, attributionControl: true, worldCopyJump: true, ...opciones });
    m.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    L.tileLayer(config.teselas, { maxZoom: 19, attribution: config.atribucion }).addTo(m);
    mapa.current = m;
    const off = onMapa(m);
    // A map in a dialog that is still opening, or a page that reflows, changes size: Leaflet must know it.
    const tamano = new ResizeObserver(() => m.invalidateSize({ pan: false }));
    tamano.observe(div.current);
    return () => {
      tamano.disconnect();
      off?.();
      mapa.current = null;
      m.remove();
    };
    // The map is built once per container and settings; the caller's layers follow their own props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);
  return mapa;
}

const CLASE_MAPA = 'isolate h-72 w-full rounded-xl border border-gray-300 dark:border-gray-700';

/** The plots, points and polygons, framed together; each names itself on hover or focus. */
export function MapaParcelas({ parcelas, titulo }: { parcelas: ParcelaEnMapa[]; titulo: string }) {
  const div = useRef<HTMLDivElement>(null);
  const grupo = useRef<L.FeatureGroup | null>(null);
  const dibujado = useRef('');
  const mapa = useMapa(div, (m) => {
    grupo.current = L.featureGroup().addTo(m);
    dibujado.current = '';
  });
  useEffect(() => {
    const m = mapa.current;
    const g = grupo.current;
    // Drawn and framed again only when the plots change, not on every render of the page.
    const clave = JSON.stringify(parcelas.map((p) => [p.nombre, p.ubicacion]));
    if (!m || !g || clave === dibujado.current) return;
    dibujado.current = clave;
    g.clearLayers();
    for (const p of parcelas) if (p.ubicacion) g.addLayer(capa(p.ubicacion, p.nombre));
    const b = g.getBounds();
    if (b.isValid()) m.fitBounds(b, { padding: [24, 24], maxZoom: 16 });
    else m.setView([0, 0], 2);
  });
  return <div ref={div} role="region" aria-label={titulo} className={CLASE_MAPA} />;
}

const icono = (primero: boolean, cerrable: boolean) =>
  L.divIcon({
    className: '',
    html: `<span class="block h-full w-full rounded-full border-2 border-white ${primero && cerrable ? 'bg-amber-500' : 'bg-emerald-700'} shadow"></span>`,
    iconSize: [20, 20],
  });

/**
 * Draws and edits one polygon (issue 30), by mouse or touch: a click or a tap on the map adds a vertex, a vertex
 * is dragged to move it, and a click or tap on the first vertex (or the form's button) closes the ring, after which
 * the map only moves vertices. The polygon is the caller's list of vertices (without the closing repeat), the
 * same list the coordinates field shows: that field is the keyboard's way to the same polygon.
 */
export function EditorPoligono({
  vertices,
  cerrado,
  centro,
  otras,
  onChange,
  onCerrar,
}: {
  vertices: Lonlat[];
  cerrado: boolean;
  /** Where to look when there is nothing drawn yet. */
  centro: Lonlat | null;
  /** The organisation's other plots, drawn faintly so that the new one can avoid them. */
  otras: ParcelaEnMapa[];
  onChange: (vertices: Lonlat[]) => void;
  onCerrar: () => void;
}) {
  const div = useRef<HTMLDivElement>(null);
  const capas = useRef<L.LayerGroup | null>(null);
  const fondo = useRef<L.LayerGroup | null>(null);
  // Leaflet's handlers are bound once: they read the latest props through this ref.
  const props = useRef({ vertices, cerrado, onChange, onCerrar });
  props.current = { vertices, cerrado, onChange, onCerrar };

  const mapa = useMapa(
    div,
    (m) => {
      fondo.current = L.layerGroup().addTo(m);
      capas.current = L.layerGroup().addTo(m);
      m.on('click', (e: L.LeafletMouseEvent) => {
        const p = props.current;
        if (p.cerrado) return;
        p.onChange([...p.vertices, [e.latlng.lng, e.latlng.lat]]);
      });
      const todos = [...vertices.map(latlng)];
      if (todos.length > 1) m.fitBounds(L.latLngBounds(todos), { padding: [32, 32], maxZoom: 18 });
      else if (todos.length === 1) m.setView(todos[0], 17);
      else if (centro) m.setView(latlng(centro), 16);
      else m.setView([4, -74], 5);
    }, // Two quick taps are two vertices, not a zoom (a phone reports them as a double click).
    { doubleClickZoom: false },
  );

  // With nothing drawn yet, the map follows the centre typed in the form.
  const centroClave = centro ? centro.join(',') : '';
  useEffect(() => {
    if (mapa.current && centro && !props.current.vertices.length) mapa.current.setView(latlng(centro), 16);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [centroClave]);

  useEffect(() => {
    const g = fondo.current;
    if (!g) return;
    g.clearLayers();
    for (const o of otras)
      if (o.ubicacion) g.addLayer(capa(o.ubicacion, o.nombre, { color: '#6b7280', weight: 1, fillOpacity: 0.1 }));
  });

  useEffect(() => {
    const g = capas.current;
    if (!g || !mapa.current) return;
    // Leaflet's grab cursor is on the container's class: while drawing, a click adds a vertex.
    mapa.current.getContainer().style.cursor = cerrado ? '' : 'crosshair';
    g.clearLayers();
    const pts = vertices.map(latlng);
    const forma =
      cerrado || pts.length < 2
        ? L.polygon(pts, { color: COLOR, weight: 2, fillOpacity: 0.25, interactive: false })
        : L.polyline(pts, { color: COLOR, weight: 2, dashArray: '6 4', interactive: false });
    g.addLayer(forma);
    pts.forEach((p, i) => {
      const cerrable = !cerrado && i === 0 && pts.length >= 3;
      const marker = L.marker(p, {
        icon: icono(i === 0, cerrable),
        draggable: true,
        autoPan: true,
        title: cerrable ? 'Vértice 1: toca o haz clic para cerrar el polígono' : `Vértice ${i + 1}`,
        keyboard: false,
      });
      marker.on('drag', () => {
        const nuevos = pts.slice();
        nuevos[i] = marker.getLatLng();
        forma.setLatLngs(nuevos);
      });
      marker.on('dragend', () => {
        const ll = marker.getLatLng();
        const vs = props.current.vertices.slice();
        vs[i] = [ll.lng, ll.lat];
        props.current.onChange(vs);
      });
      marker.on('click', () => {
        if (cerrable) props.current.onCerrar();
      });
      g.addLayer(marker);
    });
  });

  return <div ref={div} role="region" aria-label="Mapa para dibujar el polígono" className={CLASE_MAPA} />;
}
