import { randomUUID } from 'node:crypto';
import { ATRIBUTOS_SCA, puntajeSca, type AtributoSca, type HojaCata } from '../../../contract/muestras';
import { PUNTAJE_VERIFICACION } from '../../../contract/laboratorio';
import type { catas, eventos, users } from '../schema';
import type { SeedRows } from './build';
import { createRng, seedFrom, type Rng } from './prng';

const DAY = 86_400_000;

/** The demo lab account (README, docs/demo-accounts.md); its password is every demo account's. */
export const DEMO_LABORATORIO = 'laboratorio@cereza.example';

export interface DemoLaboratorio {
  user: typeof users.$inferInsert;
  catas: Array<typeof catas.$inferInsert>;
  eventos: Array<typeof eventos.$inferInsert>;
}

const CARRIERS = ['DHL', 'FedEx', 'UPS', 'Servientrega'];
const NOTAS = ['panela', 'mandarina', 'jazmín', 'cacao', 'frutos rojos', 'caramelo', 'bergamota', 'durazno', 'miel'];

/**
 * A lab sheet whose total is `total` (quarter points): the seven attributes share `total − 30` as evenly as the
 * quarter steps allow, all cups clean, no defects. A rejected lot's sheet carries a defect instead.
 */
function hojaLaboratorio(rng: Rng, total: number, rechazo: string | null): HojaCata {
  const cinco = [true, true, true, true, true];
  const defectos = rechazo ? 1 : 0;
  // A rejected sheet loses a clean cup (2 points) and has one cup with a taint (2 points).
  let quarters = Math.round((total - 30 + (rechazo ? 4 : 0)) * 4);
  const atributos = {} as Record<AtributoSca, number>;
  ATRIBUTOS_SCA.forEach((a, i) => {
    const q = Math.round(quarters / (ATRIBUTOS_SCA.length - i));
    atributos[a] = Math.min(40, Math.max(24, q)) / 4;
    quarters -= Math.min(40, Math.max(24, q));
  });
  return {
    atributos,
    tazas: { uniformidad: cinco, tazaLimpia: rechazo ? [true, true, true, true, false] : cinco, dulzor: cinco },
    defectos: { tazas: defectos, intensidad: 'MANCHA' },
    intensidadAcidez: 'MEDIA',
    intensidadCuerpo: 'MEDIA',
    notasCata: [rng.pick(NOTAS), rng.pick(NOTAS), rng.pick(NOTAS)].filter((v, i, a) => a.indexOf(v) === i),
    comentarios: {
      general: rechazo ?? 'Muestra de referencia coherente con la ficha del lote.',
    },
    agtron: 58,
    fisico: { humedad: 10.8, actividadAgua: 0.56, defectos: rechazo ? 14 : 3, zaranda: '' },
    decision: null,
    motivo: rechazo ?? '',
  };
}

/**
 * Cereza's quality lab in the demo (TRADE.md "The quality lab"): the lab account, and for every lot that reached
 * the lab its shipment, its timeline and, when cupped, the lab's sheet (its total is the verified lot's
 * published score). About half of the lots still POR_ENVIAR have their sample on the way, so that the lab's
 * queue has samples to receive and lots to cup. Mutates `rows.lotes` (the shipment, the rejected lots' reason).
 */
export function buildDemoLaboratorio(rows: SeedRows, now: Date, passwordHash: string): DemoLaboratorio {
  const rng = createRng(seedFrom('laboratorio'));
  const labId = randomUUID();
  const imagen = rows.lotes.find((l) => l.muestra?.imagen)?.muestra?.imagen ?? null;
  const user = {
    id: labId,
    email: DEMO_LABORATORIO,
    passwordHash,
    nombre: 'Laboratorio de Cereza',
    name: 'Laboratorio de Cereza',
    image: imagen,
    tipoUser: 'LABORATORIO' as const,
    verificado: true,
    createdAt: new Date(now.getTime() - 400 * DAY),
    updatedAt: new Date(now.getTime() - 400 * DAY),
  };
  const out: DemoLaboratorio = { user, catas: [], eventos: [] };
  const cap = (d: Date) => new Date(Math.min(d.getTime(), now.getTime() - 60_000));
  const plus = (d: Date, days: number) => cap(new Date(d.getTime() + days * DAY));

  for (const lote of rows.lotes) {
    const status = lote.status ?? 'POR_ENVIAR';
    if (status === 'POR_ENVIAR' && !rng.chance(0.5)) continue;
    const creado = lote.createdAt ?? now;
    const enviadaAt = plus(creado, 1);
    const transportista = rng.pick(CARRIERS);
    const numeroGuia = `${transportista.slice(0, 2).toUpperCase()}${rng.int(10_000_000, 99_999_999)}`;
    lote.envioLaboratorio = {
      transportista,
      numeroGuia,
      imagen: lote.muestra?.imagen ?? null,
      enviadaAt: enviadaAt.toISOString(),
    };
    const evento = (accion: string, desde: string, hacia: string, at: Date, actor: 'productor' | 'laboratorio') =>
      out.eventos.push({
        entidad: 'lote',
        entidadId: lote.id!,
        accion,
        desde,
        hacia,
        actorId: actor === 'productor' ? lote.productorId : labId,
        actorRol: actor,
        datos:
          accion === 'ENVIAR'
            ? { transportista, numeroGuia, imagen: lote.muestra?.imagen ?? null }
            : accion === 'VERIFICAR' || accion === 'RECHAZAR'
              ? { puntajeTotal: lote.puntaje }
              : {},
        createdAt: at,
      });
    evento('ENVIAR', 'POR_ENVIAR', 'POR_ENVIAR', enviadaAt, 'productor');
    if (status === 'POR_ENVIAR') continue;
    const recibidaAt = plus(enviadaAt, 4);
    evento('RECIBIR', 'POR_ENVIAR', 'EN_REVISION', recibidaAt, 'laboratorio');
    if (status === 'EN_REVISION') continue;

    const rechazo = status === 'RECHAZADO' ? (lote.motivoRechazo ?? 'Fermento en una taza.') : null;
    // A verified lot's published score is the lab's; a rejected one's sheet stays under 80.
    const total = rechazo
      ? Math.min(PUNTAJE_VERIFICACION - 1.5, lote.puntaje ?? 78)
      : Math.max(PUNTAJE_VERIFICACION, lote.puntaje ?? 84);
    const hoja = hojaLaboratorio(rng, total, rechazo);
    const puntajeTotal = puntajeSca(hoja);
    const catadaAt = plus(recibidaAt, 3);
    out.catas.push({
      id: randomUUID(),
      muestraId: null,
      loteId: lote.id!,
      catadorId: labId,
      protocolo: 'SCA_2004',
      hoja,
      puntajeTotal,
      createdAt: catadaAt,
    });
    if (rechazo) {
      lote.motivoRechazo = `Puntaje del laboratorio: ${puntajeTotal.toFixed(2).replace('.', ',')} (se necesitan ${PUNTAJE_VERIFICACION}). ${rechazo}`;
    } else {
      lote.puntaje = puntajeTotal;
    }
    evento(rechazo ? 'RECHAZAR' : 'VERIFICAR', 'EN_REVISION', status, catadaAt, 'laboratorio');
    out.eventos[out.eventos.length - 1].datos = { puntajeTotal };
  }
  return out;
}
