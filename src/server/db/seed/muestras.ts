import { randomUUID } from 'node:crypto';
import { puntajeSca, type EstadoMuestra, type HojaCata } from '../../../contract/muestras';
import type { cajaMuestrasLotes, cajasMuestras, catas, eventos, muestras } from '../schema';
import type { SeedRows } from './build';
import { createRng, seedFrom, type Rng } from './prng';

const DAY = 86_400_000;

export interface DemoMuestras {
  muestras: Array<typeof muestras.$inferInsert>;
  catas: Array<typeof catas.$inferInsert>;
  eventos: Array<typeof eventos.$inferInsert>;
  /** Sample boxes sent (decision 070), inserted before the samples that point to them. */
  cajas: Array<typeof cajasMuestras.$inferInsert>;
  /** The demo buyer's box being filled. */
  cajaLotes: Array<typeof cajaMuestrasLotes.$inferInsert>;
}

/**
 * Each buyer's samples of the demo producer's lots: [lot index, state, days ago it was requested, the sample box
 * it was asked in]. The demo buyer's box waits for the producer to answer its lot and ship; the importer's was
 * shipped with one lot refused. A box's lot is one whose earlier sample is over (the one-in-progress rule).
 */
const PLAN: Record<string, [number, EstadoMuestra, number, string?][]> = {
  'comprador@cereza.example': [
    [0, 'SOLICITADA', 1],
    [1, 'ACEPTADA', 3],
    [2, 'ENVIADA', 6],
    [3, 'ENTREGADA', 12],
    [4, 'CATADA', 25],
    [4, 'SOLICITADA', 2, 'caja-comprador'],
  ],
  'importador@cereza.example': [
    [0, 'CATADA', 40],
    [1, 'CATADA', 33],
    [2, 'RECHAZADA', 20],
    [3, 'SOLICITADA', 2],
    [0, 'ENVIADA', 8, 'caja-importador'],
    [2, 'RECHAZADA', 8, 'caja-importador'],
  ],
  'cafeteria@cereza.example': [
    [3, 'CATADA', 28],
    [0, 'CANCELADA', 15],
    [1, 'CERRADA_SIN_CATA', 70],
  ],
  'distribuidor@cereza.example': [
    [4, 'ACEPTADA', 2],
    [2, 'EXPIRADA', 30],
    [0, 'CATADA', 45],
  ],
};

/** The moves that lead to each state, in order (the timeline the demo shows). */
const CAMINO: Record<EstadoMuestra, string[]> = {
  SOLICITADA: [],
  ACEPTADA: ['ACEPTAR'],
  RECHAZADA: ['RECHAZAR'],
  CANCELADA: ['CANCELAR'],
  EXPIRADA: ['EXPIRAR'],
  ENVIADA: ['ACEPTAR', 'ENVIAR'],
  ENTREGADA: ['ACEPTAR', 'ENVIAR', 'RECIBIR'],
  CATADA: ['ACEPTAR', 'ENVIAR', 'RECIBIR', 'CATAR'],
  CERRADA_SIN_CATA: ['ACEPTAR', 'ENVIAR', 'ENTREGAR', 'CERRAR'],
};
const HACIA: Record<string, EstadoMuestra> = {
  ACEPTAR: 'ACEPTADA',
  RECHAZAR: 'RECHAZADA',
  CANCELAR: 'CANCELADA',
  EXPIRAR: 'EXPIRADA',
  ENVIAR: 'ENVIADA',
  RECIBIR: 'ENTREGADA',
  ENTREGAR: 'ENTREGADA',
  CATAR: 'CATADA',
  CERRAR: 'CERRADA_SIN_CATA',
};
const ACTOR: Record<string, 'comprador' | 'productor' | 'sistema'> = {
  ACEPTAR: 'productor',
  RECHAZAR: 'productor',
  ENVIAR: 'productor',
  CANCELAR: 'comprador',
  RECIBIR: 'comprador',
  CATAR: 'comprador',
  EXPIRAR: 'sistema',
  ENTREGAR: 'sistema',
  CERRAR: 'sistema',
};
/** Days after the request each move happened. */
const DIA: Record<string, number> = {
  ACEPTAR: 1,
  RECHAZAR: 1,
  CANCELAR: 2,
  EXPIRAR: 7,
  ENVIAR: 2,
  RECIBIR: 8,
  ENTREGAR: 23,
  CATAR: 12,
  CERRAR: 53,
};

const NOTAS = ['panela', 'mandarina', 'jazmín', 'cacao', 'frutos rojos', 'caramelo', 'limonada', 'nuez', 'durazno'];
const quarter = (rng: Rng, lo: number, hi: number) => rng.int(lo * 4, hi * 4) / 4;

export function hojaDemo(rng: Rng, interesado: boolean): HojaCata {
  const cinco = (fallos: number) => [0, 1, 2, 3, 4].map((i) => i >= fallos);
  return {
    atributos: {
      fragranciaAroma: quarter(rng, 7.5, 8.75),
      sabor: quarter(rng, 7.5, 8.75),
      regusto: quarter(rng, 7.25, 8.5),
      acidez: quarter(rng, 7.5, 8.75),
      cuerpo: quarter(rng, 7.25, 8.5),
      balance: quarter(rng, 7.5, 8.5),
      puntajeCatador: quarter(rng, 7.5, 8.75),
    },
    tazas: { uniformidad: cinco(rng.int(0, 1)), tazaLimpia: cinco(0), dulzor: cinco(0) },
    defectos: { tazas: 0, intensidad: 'MANCHA' },
    intensidadAcidez: 'ALTA',
    intensidadCuerpo: 'MEDIA',
    notasCata: [rng.pick(NOTAS), rng.pick(NOTAS), rng.pick(NOTAS)].filter((v, i, a) => a.indexOf(v) === i),
    comentarios: {
      acidez: rng.pick(['Cítrica y brillante.', 'Málica, jugosa.', 'Suave, bien integrada.']),
      general: rng.pick([
        'Taza limpia y dulce; funcionaría como filtro de temporada.',
        'Buen cuerpo, algo corto en el regusto.',
        'Muy expresivo en caliente, se mantiene al enfriar.',
      ]),
    },
    agtron: 60,
    fisico: null,
    decision: interesado ? 'INTERESADO' : 'NO_INTERESADO',
    motivo: interesado ? 'Encaja en nuestra próxima compra.' : 'Buscamos un perfil más achocolatado.',
  };
}

/**
 * Samples in every state between the demo buyers and the demo producer (productor@cereza.example), with their
 * timelines and real-looking cuppings. Dates count back from `now` (the seeding moment), so that the timers
 * of the table do not move them the minute the server starts.
 */
export function buildDemoMuestras(rows: SeedRows, now: Date): DemoMuestras {
  const out: DemoMuestras = { muestras: [], catas: [], eventos: [], cajas: [], cajaLotes: [] };
  const cajaIds = new Map<string, string>();
  const productor = rows.users.find((u) => u.email === 'productor@cereza.example');
  if (!productor?.id) return out;
  const lotes = rows.lotes.filter(
    (l) => l.productorId === productor.id && !l.ocultar && l.muestra?.disponible && l.muestra.gramos,
  );
  if (lotes.length < 5) return out;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  for (const [email, plan] of Object.entries(PLAN)) {
    const comprador = rows.users.find((u) => u.email === email);
    const perfil = rows.compradorPerfiles.find((p) => p.userId === comprador?.id);
    if (!comprador?.id || !perfil) continue;
    for (const [index, estado, hace, caja] of plan) {
      const rng = createRng(seedFrom(`muestra-${email}-${index}`));
      const lote = lotes[index];
      if (!lote) continue;
      const cajaId = caja ? (cajaIds.get(caja) ?? randomUUID()) : null;
      const id = randomUUID();
      const pedida = at(hace);
      const dia = (accion: string) => new Date(pedida.getTime() + DIA[accion] * DAY);
      const camino = CAMINO[estado];
      const enviada = camino.includes('ENVIAR') ? dia('ENVIAR') : null;
      const entregada = camino.includes('RECIBIR')
        ? dia('RECIBIR')
        : camino.includes('ENTREGAR')
          ? dia('ENTREGAR')
          : null;
      const venceAt =
        estado === 'SOLICITADA'
          ? new Date(pedida.getTime() + 7 * DAY)
          : estado === 'ENVIADA'
            ? new Date(enviada!.getTime() + 21 * DAY)
            : estado === 'ENTREGADA'
              ? new Date(entregada!.getTime() + 30 * DAY)
              : null;
      const transportista = enviada ? rng.pick(['DHL', 'FedEx', 'UPS']) : null;
      out.muestras.push({
        id,
        loteId: lote.id!,
        compradorId: comprador.id,
        productorId: productor.id,
        tipo: 'OFERTA',
        gramos: lote.muestra!.gramos!,
        precioCentavos: Math.round((lote.muestra!.precio ?? 0) * 100),
        moneda: lote.moneda ?? 'USD',
        direccionEnvio: {
          nombre: `${comprador.nombre} ${comprador.apellido}`.trim(),
          empresa: perfil.empresa,
          linea1: rng.pick(['Calle Mayor 12', 'Avenida del Puerto 48', 'Rúa do Franco 7', 'Calle Sierpes 30']),
          ciudad: perfil.ciudad ?? 'Madrid',
          codigoPostal: String(rng.int(10000, 49999)),
          pais: perfil.pais,
          telefono: '',
        },
        mensaje: rng.pick([
          'Nos interesa para la carta de otoño; la cataríamos esta semana.',
          'Estamos comparando lavados de la región para un blend.',
          '',
        ]),
        estado,
        motivoRechazo: estado === 'RECHAZADA' ? 'No nos quedan muestras de este lote hasta la próxima trilla.' : null,
        transportista,
        numeroGuia: transportista ? String(rng.int(1_000_000_000, 1_999_999_999)) : null,
        enviadaAt: enviada,
        entregadaAt: entregada,
        venceAt,
        recordatorioAt: estado === 'ENTREGADA' ? new Date(entregada!.getTime() + 7 * DAY) : null,
        cajaId,
        createdAt: pedida,
        updatedAt: camino.length ? dia(camino[camino.length - 1]) : pedida,
      });
      const m = out.muestras.at(-1)!;
      if (caja && cajaId && !cajaIds.has(caja)) {
        cajaIds.set(caja, cajaId);
        out.cajas.push({
          id: cajaId,
          compradorId: comprador.id,
          productorId: productor.id,
          direccionEnvio: m.direccionEnvio,
          mensaje: 'Una caja para comparar sus lotes en la misma mesa.',
          createdAt: pedida,
          updatedAt: pedida,
        });
      }
      const cajaRow = out.cajas.find((c) => c.id === cajaId);
      if (cajaRow && m.enviadaAt)
        Object.assign(cajaRow, { enviadaAt: m.enviadaAt, transportista: m.transportista, numeroGuia: m.numeroGuia });
      out.eventos.push({
        entidad: 'muestra',
        entidadId: id,
        accion: 'SOLICITAR',
        desde: null,
        hacia: 'SOLICITADA',
        actorId: comprador.id,
        actorRol: 'comprador',
        datos: {},
        createdAt: pedida,
      });
      let desde: EstadoMuestra = 'SOLICITADA';
      for (const accion of camino) {
        const actor = ACTOR[accion];
        out.eventos.push({
          entidad: 'muestra',
          entidadId: id,
          accion,
          desde,
          hacia: HACIA[accion],
          actorId: actor === 'comprador' ? comprador.id : actor === 'productor' ? productor.id : null,
          actorRol: actor,
          datos: accion === 'ENVIAR' ? { transportista, numeroGuia: out.muestras.at(-1)!.numeroGuia } : {},
          createdAt: dia(accion),
        });
        desde = HACIA[accion];
      }
      if (estado === 'CATADA') {
        const hoja = hojaDemo(rng, rng.chance(0.6));
        out.catas.push({
          muestraId: id,
          loteId: lote.id!,
          catadorId: comprador.id,
          protocolo: 'SCA_2004',
          hoja,
          puntajeTotal: puntajeSca(hoja),
          createdAt: dia('CATAR'),
        });
      }
    }
  }
  // The demo buyer's box being filled: three lots of other producers that offer samples.
  const comprador = rows.users.find((u) => u.email === 'comprador@cereza.example');
  if (comprador?.id) {
    const otros = rows.lotes.filter(
      (l) => l.productorId !== productor.id && !l.ocultar && l.muestra?.disponible && l.muestra.gramos,
    );
    for (const [i, l] of otros.slice(0, 3).entries()) {
      out.cajaLotes.push({ compradorId: comprador.id, loteId: l.id!, createdAt: at(1 - i * 0.01) });
    }
  }
  return out;
}
