import { randomUUID } from 'node:crypto';
import type { Ubicacion } from '../../../contract/lotes';
import type { eventos, fincas, loteFincas, planes, planLineas, respuestas, solicitudes } from '../schema';
import type { SeedRows } from './build';
import { createRng, seedFrom, type Rng } from './prng';
import { MIEMBROS_POR_PAIS } from './coherencia';

const DAY = 86_400_000;

export interface DemoAbastecimiento {
  fincas: Array<typeof fincas.$inferInsert>;
  loteFincas: Array<typeof loteFincas.$inferInsert>;
  solicitudes: Array<typeof solicitudes.$inferInsert>;
  respuestas: Array<typeof respuestas.$inferInsert>;
  eventos: Array<typeof eventos.$inferInsert>;
  planes: Array<typeof planes.$inferInsert>;
  planLineas: Array<typeof planLineas.$inferInsert>;
}

/** A small polygon (about 1–3 ha) around a point: a farm's plot as EUDR asks for it. */
function parcela([lon, lat]: [number, number], rng: Rng): Ubicacion {
  const r = 0.0015 + rng.next() * 0.001;
  const ring: [number, number][] = [0, 1, 2, 3, 4].map((i) => {
    const a = (i / 5) * 2 * Math.PI + rng.next() * 0.4;
    return [Number((lon + Math.cos(a) * r).toFixed(6)), Number((lat + Math.sin(a) * r * 0.8).toFixed(6))];
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

/**
 * Member farms for every organisation (a single farm has itself), the demo producer's lots traced to them;
 * sourcing requests of the demo buyers (a draft, open ones the demo producer can answer, one with answers
 * side by side, an expired one) and a purchase plan for next year.
 */
export function buildDemoAbastecimiento(rows: SeedRows, now: Date): DemoAbastecimiento {
  const rng = createRng(seedFrom('abastecimiento'));
  const out: DemoAbastecimiento = {
    fincas: [],
    loteFincas: [],
    solicitudes: [],
    respuestas: [],
    eventos: [],
    planes: [],
    planLineas: [],
  };
  const at = (dias: number) => new Date(now.getTime() + dias * DAY);

  for (const p of rows.productorPerfiles) {
    const susLotes = rows.lotes.filter((l) => l.productorId === p.userId);
    const centro = (susLotes.find((l) => l.ubicacion?.type === 'Point')?.ubicacion?.coordinates as [
      number,
      number,
    ]) ?? [-75.5, 2.0];
    if (p.tipoProductor === 'FINCA') {
      const id = randomUUID();
      out.fincas.push({
        id,
        productorId: p.userId,
        nombre: p.nombre,
        region: p.region,
        municipio: p.municipio ?? null,
        altitud: p.altitud ?? null,
        hectareas: p.hectareas ?? null,
        certificaciones: p.certificaciones ?? [],
        variedades: [...new Set(susLotes.flatMap((l) => l.variedades ?? []))].slice(0, 5),
        ubicacion: parcela(centro, rng),
        propia: true,
      });
      for (const l of susLotes) out.loteFincas.push({ loteId: l.id!, fincaId: id });
      continue;
    }
    const ids: string[] = [];
    // An organisation's members grow the coffee of its own country (issue 25 §3).
    const miembros = MIEMBROS_POR_PAIS[p.pais] ?? MIEMBROS_POR_PAIS.CO;
    miembros.forEach(([nombre, productor, variedades], i) => {
      const id = randomUUID();
      ids.push(id);
      const punto: [number, number] = [
        Number((centro[0] + (rng.next() - 0.5) * 0.06).toFixed(6)),
        Number((centro[1] + (rng.next() - 0.5) * 0.06).toFixed(6)),
      ];
      out.fincas.push({
        id,
        productorId: p.userId,
        nombre,
        productorNombre: productor,
        region: p.region,
        municipio: p.municipio ?? null,
        altitud: (p.altitud ?? 1600) + (i - 1) * 80,
        hectareas: Number((1.5 + rng.next() * 4).toFixed(2)),
        variedades: variedades.split(', '),
        certificaciones: i % 2 === 0 ? (p.certificaciones ?? []) : [],
        // Half the farms drew their plot; the others gave a point.
        ubicacion: i % 2 === 0 ? parcela(punto, rng) : { type: 'Point', coordinates: punto },
        propia: false,
      });
    });
    susLotes.forEach((l, i) => {
      out.loteFincas.push({ loteId: l.id!, fincaId: ids[i % ids.length] });
      if (i % 2 === 0) out.loteFincas.push({ loteId: l.id!, fincaId: ids[(i + 1) % ids.length] });
    });
  }

  const email = (e: string) => rows.users.find((u) => u.email === e)?.id;
  const comprador = email('comprador@cereza.example');
  const importador = email('importador@cereza.example');
  const productor = email('productor@cereza.example');
  if (!comprador || !importador || !productor) return out;
  const lotesDemo = rows.lotes.filter((l) => l.productorId === productor && !l.ocultar);
  const otroLote = rows.lotes.find((l) => l.productorId !== productor && l.pais === 'CO' && !l.ocultar);

  const evento = (
    entidad: string,
    entidadId: string,
    accion: string,
    desde: string | null,
    hacia: string,
    actorId: string | null,
    actorRol: string,
    cuando: Date,
  ) =>
    out.eventos.push({
      id: randomUUID(),
      entidad,
      entidadId,
      accion,
      desde,
      hacia,
      actorId,
      actorRol,
      datos: {},
      createdAt: cuando,
    });

  const base = {
    procesos: [] as string[],
    variedades: [] as string[],
    notasCata: [] as string[],
    certificaciones: [] as string[],
    moneda: 'USD',
    incoterm: 'FOB',
  };
  const sol = (
    compradorId: string,
    estado: 'BORRADOR' | 'ABIERTA' | 'EXPIRADA',
    dias: number,
    campos: Partial<typeof solicitudes.$inferInsert> & {
      titulo: string;
      origenes: string[];
      sacos: number;
      pesoSacoKg: number;
    },
  ) => {
    const id = randomUUID();
    const creada = at(-dias);
    out.solicitudes.push({
      ...base,
      ...campos,
      id,
      compradorId,
      estado,
      cierraAt: estado === 'EXPIRADA' ? at(-2) : at(21 - dias),
      publicadaAt: estado === 'BORRADOR' ? null : new Date(creada.getTime() + 3600_000),
      createdAt: creada,
      updatedAt: creada,
    });
    evento('solicitud', id, 'CREAR', null, 'BORRADOR', compradorId, 'comprador', creada);
    if (estado !== 'BORRADOR')
      evento(
        'solicitud',
        id,
        'PUBLICAR',
        'BORRADOR',
        'ABIERTA',
        compradorId,
        'comprador',
        new Date(creada.getTime() + 3600_000),
      );
    if (estado === 'EXPIRADA') evento('solicitud', id, 'EXPIRAR', 'ABIERTA', 'EXPIRADA', null, 'sistema', at(-2));
    return id;
  };

  // The demo buyer: an open request the demo producer's lots match, with two answers to compare.
  const abierta = sol(comprador, 'ABIERTA', 4, {
    titulo: 'Colombia lavado para el espresso de invierno',
    descripcion: 'Buscamos un lavado dulce y limpio, con panela y cítricos, para la base de nuestro espresso.',
    origenes: ['CO'],
    procesos: ['LAVADO'],
    puntajeMin: 84,
    puntajeMax: 89,
    notasCata: ['panela', 'naranja'],
    sacos: 10,
    pesoSacoKg: 70,
    precioMinCentavos: 600,
    precioMaxCentavos: 950,
    lugarEntrega: 'Valencia',
    entregaDesde: '2027-01',
    entregaHasta: '2027-03',
    preparacion: 'EP, zaranda 15+',
  });
  const respuesta = (
    productorId: string,
    lote: (typeof rows.lotes)[number] | undefined,
    estado: 'ENVIADA' | 'PRESELECCIONADA',
    precio: number,
    dias: number,
  ) => {
    if (!lote) return;
    const id = randomUUID();
    out.respuestas.push({
      id,
      solicitudId: abierta,
      compradorId: comprador,
      productorId,
      loteId: lote.id,
      precioKgCentavos: precio,
      moneda: lote.moneda ?? 'USD',
      sacos: Math.min(10, lote.sacosDisponibles ?? 10),
      pesoSacoKg: lote.pesoSacoKg,
      ventanaEmbarque: 'Diciembre 2026',
      gramosMuestra: 300,
      puntaje: lote.puntaje ?? null,
      pais: lote.pais,
      proceso: lote.proceso,
      mensaje: 'Podemos enviar la muestra esta semana.',
      estado,
      createdAt: at(-dias),
      updatedAt: at(-dias),
    });
    evento('respuesta', id, 'RESPONDER', null, 'ENVIADA', productorId, 'productor', at(-dias));
    if (estado === 'PRESELECCIONADA')
      evento('respuesta', id, 'PRESELECCIONAR', 'ENVIADA', 'PRESELECCIONADA', comprador, 'comprador', at(-1));
  };
  respuesta(productor, lotesDemo.find((l) => l.proceso === 'LAVADO') ?? lotesDemo[0], 'PRESELECCIONADA', 890, 3);
  if (otroLote) respuesta(otroLote.productorId, otroLote, 'ENVIADA', 920, 2);

  sol(comprador, 'BORRADOR', 1, {
    titulo: 'Etiopía natural para filtro de primavera',
    origenes: ['ET'],
    procesos: ['NATURAL'],
    puntajeMin: 86,
    sacos: 8,
    pesoSacoKg: 60,
    precioMaxCentavos: 1200,
    entregaDesde: '2027-03',
    entregaHasta: '2027-05',
  });
  sol(comprador, 'EXPIRADA', 30, {
    titulo: 'Brasil natural para mezcla de la casa',
    origenes: ['BR'],
    procesos: ['NATURAL'],
    sacos: 20,
    pesoSacoKg: 60,
  });
  // Another buyer's open request the demo producer has not answered yet (shown first: it matches his lots).
  sol(importador, 'ABIERTA', 2, {
    titulo: 'Huila y Cauca, lavados 85+ para lista de ofertas',
    origenes: ['CO', 'PE'],
    puntajeMin: 85,
    sacos: 6,
    pesoSacoKg: 70,
    precioMaxCentavos: 1100,
    lugarEntrega: 'Barcelona',
  });

  // Next year's plan of the demo buyer.
  const planId = randomUUID();
  const anio = now.getUTCFullYear() + 1;
  out.planes.push({
    id: planId,
    compradorId: comprador,
    anio,
    nombre: `Compras ${anio}`,
    createdAt: at(-10),
    updatedAt: at(-10),
  });
  const linea = (
    componente: string,
    origen: string,
    proceso: string | null,
    puntajeMin: number | null,
    periodo: string,
    kg: number,
    precio: number,
  ) =>
    out.planLineas.push({
      id: randomUUID(),
      planId,
      componente,
      origen,
      proceso,
      puntajeMin,
      periodo,
      kgObjetivo: kg,
      precioObjetivoCentavos: precio,
      presupuestoCentavos: Math.round(precio * kg),
      moneda: 'USD',
      createdAt: at(-10),
      updatedAt: at(-10),
    });
  linea('Base de espresso', 'CO', 'LAVADO', 84, `${anio}-Q1`, 2100, 900);
  linea('Base de espresso', 'BR', 'NATURAL', 82, `${anio}-Q2`, 2880, 650);
  linea('Filtro de temporada', 'ET', 'NATURAL', 87, `${anio}-04`, 600, 1150);
  linea('Filtro de temporada', 'KE', 'LAVADO', 87, `${anio}-09`, 420, 1300);
  return out;
}
