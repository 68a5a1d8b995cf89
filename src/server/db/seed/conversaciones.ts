import type { conversaciones, conversacionEstados, mensajes } from '../schema';
import { REFERENCE_DATE, uuid, type SeedRows } from './build';
import { createRng, seedFrom } from './prng';

export interface SeedConversaciones {
  conversaciones: Array<typeof conversaciones.$inferInsert>;
  estados: Array<typeof conversacionEstados.$inferInsert>;
  mensajes: Array<typeof mensajes.$inferInsert>;
}

type Quien = 'c' | 'p';
interface Guion {
  comprador: string;
  productor: string;
  /** Which of the producer's lots (by position) it is about; none: a general conversation. */
  lote?: number;
  /** Days before the reference date of the first message, and minutes between messages. */
  dias: number;
  /** Who has read how far: the last `sinLeer` messages are unread by their recipient. */
  sinLeer: number;
  mensajes: Array<[Quien, string]>;
}

/** A few realistic threads between the demo accounts (issue 17), one left unread on each side. */
const GUIONES: Guion[] = [
  {
    comprador: 'comprador@cereza.example',
    productor: 'productor@cereza.example',
    lote: 0,
    dias: 6,
    sinLeer: 1,
    mensajes: [
      [
        'c',
        'Hola, buenos días. Estamos armando el blend de invierno y este lote nos encaja. ¿Podríais reservar 12 sacos hasta final de mes?',
      ],
      [
        'p',
        'Hola Marta, claro que sí. Te los apartamos hasta el 30. ¿Lo queréis en GrainPro o en saco de yute simple?',
      ],
      [
        'c',
        'GrainPro, por favor. Y otra pregunta: ¿cuántos días estuvo en camas africanas? En el último lote notamos algo de fermento.',
      ],
      [
        'p',
        'Secamos 18 días en camas africanas con volteo cada dos horas y cubierta por la noche. Te paso fotos del pergamino: https://cereza.example/perfil',
      ],
      [
        'c',
        'Perfecto, con eso nos quedamos tranquilos. Os confirmo el pedido en cuanto cierre el presupuesto con la tostadora.',
      ],
      ['p', 'Genial. Si os sirve, podemos embarcar en la salida de Buenaventura del 15 de diciembre.'],
    ],
  },
  {
    comprador: 'comprador@cereza.example',
    productor: 'productor@cereza.example',
    lote: 1,
    dias: 2,
    sinLeer: 1,
    mensajes: [
      [
        'c',
        '¿Tenéis muestra de 250 g de este lote? Nos gustaría catarlo junto con el otro antes de decidir el volumen.',
      ],
    ],
  },
  {
    comprador: 'importador@cereza.example',
    productor: 'productor@cereza.example',
    dias: 12,
    sinLeer: 0,
    mensajes: [
      [
        'c',
        'Buenas tardes. Trabajamos con contenedores consolidados a Hamburgo cada seis semanas. ¿Os interesaría entrar en el próximo?',
      ],
      ['p', 'Nos interesa mucho. ¿Qué volumen mínimo necesitáis por productor para que compense?'],
      ['c', 'Con 20 sacos de 70 kg ya entra bien. Os mandamos las condiciones por aquí la semana que viene.'],
    ],
  },
];

/** The demo conversations, their messages and each party's read state (no mail is due: `correoDebidoAt` null). */
export function buildDemoConversaciones(rows: SeedRows): SeedConversaciones {
  const rng = createRng(seedFrom('conversaciones'));
  const out: SeedConversaciones = { conversaciones: [], estados: [], mensajes: [] };
  const byEmail = new Map(rows.users.map((u) => [u.email, u]));
  for (const g of GUIONES) {
    const comprador = byEmail.get(g.comprador);
    const productor = byEmail.get(g.productor);
    if (!comprador?.id || !productor?.id) continue;
    const lote = g.lote === undefined ? undefined : rows.lotes.filter((l) => l.productorId === productor.id)[g.lote];
    const id = uuid(rng);
    const start = REFERENCE_DATE.getTime() - g.dias * 86_400_000;
    const at = (i: number) => new Date(start + i * (37 + rng.int(0, 180)) * 60_000);
    const numeros = g.mensajes.map((m, i) => ({ numero: i + 1, quien: m[0], texto: m[1], createdAt: at(i) }));
    const last = numeros.at(-1)!;
    out.conversaciones.push({
      id,
      compradorId: comprador.id,
      productorId: productor.id,
      asunto: lote?.id ? `lote:${lote.id}` : 'general',
      loteId: lote?.id ?? null,
      ultimoNumero: last.numero,
      ultimoMensajeAt: last.createdAt,
      createdAt: numeros[0].createdAt,
      updatedAt: last.createdAt,
    });
    for (const m of numeros)
      out.mensajes.push({
        id: uuid(rng),
        conversacionId: id,
        numero: m.numero,
        autorId: m.quien === 'c' ? comprador.id : productor.id,
        texto: m.texto,
        createdAt: m.createdAt,
      });
    // Each side has read everything but the last `sinLeer` messages written by the other side.
    const readUpTo = (quien: Quien) => {
      const unread = numeros.slice(numeros.length - g.sinLeer).filter((m) => m.quien !== quien);
      return unread.length ? unread[0].numero - 1 : last.numero;
    };
    out.estados.push(
      { conversacionId: id, userId: comprador.id, leidoHasta: readUpTo('c') },
      { conversacionId: id, userId: productor.id, leidoHasta: readUpTo('p') },
    );
  }
  return out;
}
