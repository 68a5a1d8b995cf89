import { randomUUID } from 'node:crypto';
import type { InformacionComercial } from '../../../contract/auth';
import {
  PLAZOS_PEDIDO,
  aCentavos,
  kgDe,
  numeroPedido,
  totalCentavos,
  type CondicionMuestra,
  type CondicionPago,
  type EstadoPedido,
  type ParteContrato,
  type TerminosPedido,
} from '../../../contract/pedidos';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import { puntajeSca } from '../../../contract/muestras';
import type { catas, eventos, muestras, pedidoResenas, pedidos } from '../schema';
import { hojaDemo } from './muestras';
import type { SeedRows } from './build';
import { createRng, seedFrom } from './prng';
import { createReferenciaRf } from '../../lib/iso20022/rf';

const DAY = 86_400_000;

/**
 * Every demo account has the legal data a contract needs (legal name, tax id, billing address), so that the demo
 * producer can confirm orders at once. Tax ids are made up in each country's shape; `.example` mail.
 */

/** A DAP order is delivered where the buyer is (issue 25), never at the origin's port. */
const lugarDemo = (incoterm: string, puerto: string, ciudad: string, pais: string) =>
  lugarDelComprador(incoterm) ? `${ciudad}, ${pais}` : puerto;
export function addInformacionComercial(rows: SeedRows): void {
  for (const u of rows.users) {
    const rng = createRng(seedFrom(`info-${u.email}`));
    const prod = rows.productorPerfiles.find((p) => p.userId === u.id);
    const comp = rows.compradorPerfiles.find((p) => p.userId === u.id);
    const nombre = prod?.nombre ?? comp?.empresa ?? `${u.nombre} ${u.apellido}`;
    const pais = prod?.pais ?? comp?.pais ?? 'ES';
    const forma = pais === 'ES' ? 'S.L.' : pais === 'CO' ? 'S.A.S.' : 'S.A.';
    const taxId =
      pais === 'ES'
        ? `B${rng.int(10_000_000, 99_999_999)}`
        : pais === 'CO'
          ? `${rng.int(800_000_000, 999_999_999)}-${rng.int(0, 9)}`
          : `${pais}${rng.int(10_000_000, 99_999_999)}`;
    const info: InformacionComercial = {
      razonSocial: /S\.L\.|S\.A\.|Ltda|Cooperativa|Asociación/.test(nombre) ? nombre : `${nombre} ${forma}`,
      taxId,
      direccionFacturacion: {
        linea1: rng.pick(['Calle Mayor 12', 'Carrera 5 # 10-24', 'Avenida del Puerto 48', 'Calle Real 3']),
        ciudad: comp?.ciudad ?? prod?.municipio ?? prod?.region ?? 'Madrid',
        region: prod?.region ?? '',
        codigoPostal: String(rng.int(10_000, 49_999)),
        pais,
      },
      emailFacturacion: u.email,
    };
    u.informacionComercial = info;
  }
}

/** Each buyer's orders of the demo producer's lots: [lot index, state, sacos, days ago it was reserved]. */
const PLAN: Record<string, [number, EstadoPedido, number, number][]> = {
  'comprador@cereza.example': [
    [1, 'RESERVADO', 2, 0.5],
    [2, 'PSS_ENVIADA', 3, 12],
    [0, 'EMBARCADO', 5, 30],
    [3, 'COMPLETADO', 4, 90],
  ],
  'importador@cereza.example': [
    [0, 'CONFIRMADO', 10, 4],
    [2, 'ENTREGADO', 20, 60],
    [1, 'COMPLETADO', 15, 120],
    [4, 'CANCELADO', 6, 20],
  ],
  'cafeteria@cereza.example': [
    [4, 'PSS_APROBADA', 2, 20],
    [3, 'EXPIRADO', 2, 15],
  ],
  'distribuidor@cereza.example': [
    [1, 'EN_RECLAMO', 8, 70],
    [2, 'RESERVADO', 4, 1],
    [0, 'COMPLETADO', 6, 110],
  ],
};

/**
 * Orders whose claim Cereza's operator resolved with a discount (docs/decisions/035), by buyer and lot index: their
 * path opens a claim after the receipt and the operator's RESOLVER_RECLAMO closes it before completion.
 */
const RECLAMO_RESUELTO: Record<string, number> = { 'distribuidor@cereza.example': 0 };

/**
 * Orders paid directly between the parties (decision 054), by buyer and lot index: the producer recorded the payment
 * himself ("Registrar pago recibido"); no payment instructions, nothing owed by Cereza. The rest go through Cereza.
 */
const PAGO_DIRECTO: Record<string, number> = { 'importador@cereza.example': 2 };
const CAMINO_RESUELTO: [string, number][] = [
  ['CONFIRMAR', 1],
  ['ENVIAR_PSS', 3],
  ['APROBAR_PSS', 10],
  ['EMBARCAR', 18],
  ['REGISTRAR_PAGO', 30],
  ['RECIBIR', 45],
  ['ABRIR_RECLAMO', 50],
  ['RESOLVER_RECLAMO', 57],
  ['COMPLETAR', 57],
];
const MOTIVO_RECLAMO_RESUELTO = 'Dos sacos llegaron rotos y con café húmedo.';
const MOTIVO_DESCUENTO = 'Descuento por los dos sacos dañados en el transporte.';

/** The moves that lead to each state (the timeline the demo shows), each with its day after the reservation. */
const CAMINO: Record<EstadoPedido, [string, number][]> = {
  RESERVADO: [],
  CONFIRMADO: [['CONFIRMAR', 1]],
  PSS_ENVIADA: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 4],
  ],
  PSS_APROBADA: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 3],
    ['APROBAR_PSS', 10],
  ],
  PSS_RECHAZADA: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 3],
    ['RECHAZAR_PSS', 10],
  ],
  EMBARCADO: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 3],
    ['APROBAR_PSS', 10],
    ['EMBARCAR', 18],
  ],
  ENTREGADO: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 3],
    ['APROBAR_PSS', 10],
    ['EMBARCAR', 18],
    ['REGISTRAR_PAGO', 20],
    ['RECIBIR', 45],
  ],
  EN_RECLAMO: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 3],
    ['APROBAR_PSS', 10],
    ['EMBARCAR', 18],
    ['RECIBIR', 45],
    ['ABRIR_RECLAMO', 52],
  ],
  COMPLETADO: [
    ['CONFIRMAR', 1],
    ['ENVIAR_PSS', 3],
    ['APROBAR_PSS', 10],
    ['EMBARCAR', 18],
    ['REGISTRAR_PAGO', 30],
    ['RECIBIR', 45],
    ['COMPLETAR', 73],
  ],
  CANCELADO: [['CANCELAR', 2]],
  EXPIRADO: [['EXPIRAR', 3]],
};
const HACIA: Record<string, EstadoPedido | null> = {
  CONFIRMAR: 'CONFIRMADO',
  ENVIAR_PSS: 'PSS_ENVIADA',
  APROBAR_PSS: 'PSS_APROBADA',
  RECHAZAR_PSS: 'PSS_RECHAZADA',
  EMBARCAR: 'EMBARCADO',
  RECIBIR: 'ENTREGADO',
  ABRIR_RECLAMO: 'EN_RECLAMO',
  RESOLVER_RECLAMO: 'ENTREGADO',
  COMPLETAR: 'COMPLETADO',
  CANCELAR: 'CANCELADO',
  EXPIRAR: 'EXPIRADO',
  REGISTRAR_PAGO: null,
};
const ACTOR: Record<string, 'comprador' | 'productor' | 'sistema' | 'operador'> = {
  RESOLVER_RECLAMO: 'operador',
  CONFIRMAR: 'productor',
  ENVIAR_PSS: 'productor',
  APROBAR_PSS: 'comprador',
  RECHAZAR_PSS: 'comprador',
  EMBARCAR: 'productor',
  RECIBIR: 'comprador',
  ABRIR_RECLAMO: 'comprador',
  COMPLETAR: 'sistema',
  CANCELAR: 'comprador',
  EXPIRAR: 'sistema',
  REGISTRAR_PAGO: 'productor',
};
const RESERVA: EstadoPedido[] = ['RESERVADO', 'CONFIRMADO', 'PSS_ENVIADA', 'PSS_APROBADA', 'PSS_RECHAZADA'];

export interface DemoPedidos {
  pedidos: Array<typeof pedidos.$inferInsert>;
  eventos: Array<typeof eventos.$inferInsert>;
  resenas: Array<typeof pedidoResenas.$inferInsert>;
  /** The pre-shipment samples (muestras of tipo PRE_EMBARQUE) of the orders that reached ENVIAR_PSS. */
  muestras: Array<typeof muestras.$inferInsert>;
  /** Their cupping sheets (approved PSS were cupped first). */
  catas: Array<typeof catas.$inferInsert>;
}

function parte(rows: SeedRows, userId: string, nombre: string): ParteContrato {
  const u = rows.users.find((x) => x.id === userId)!;
  const i = u.informacionComercial!;
  const d = i.direccionFacturacion;
  return {
    nombre,
    razonSocial: i.razonSocial,
    taxId: i.taxId,
    direccion: [d.linea1, [d.codigoPostal, d.ciudad].filter(Boolean).join(' '), d.region].filter(Boolean).join(', '),
    pais: d.pais,
    email: i.emailFacturacion,
  };
}

/**
 * Orders in every state between the demo buyers and the demo producer, consistent with stock: the bags of orders
 * not yet shipped are added to their lot's `sacosReservados` (and its `sacosDisponibles` raised when needed); the
 * shipped ones are already out of the lot. Dates count back from `now`, so the timers do not move them at start.
 * Call after addInformacionComercial (the confirmed ones freeze both parties).
 */
export function buildDemoPedidos(rows: SeedRows, now: Date): DemoPedidos {
  const out: DemoPedidos = { pedidos: [], eventos: [], resenas: [], muestras: [], catas: [] };
  const productor = rows.users.find((u) => u.email === 'productor@cereza.example');
  const perfilProductor = rows.productorPerfiles.find((p) => p.userId === productor?.id);
  if (!productor?.id || !perfilProductor) return out;
  const lotes = rows.lotes.filter((l) => l.productorId === productor.id && !l.ocultar && (l.sacosDisponibles ?? 0) > 0);
  if (lotes.length < 5) return out;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  let n = 0;
  for (const [email, plan] of Object.entries(PLAN)) {
    const comprador = rows.users.find((u) => u.email === email);
    const perfil = rows.compradorPerfiles.find((p) => p.userId === comprador?.id);
    if (!comprador?.id || !perfil) continue;
    for (const [index, estado, sacos, hace] of plan) {
      const rng = createRng(seedFrom(`pedido-${email}-${index}`));
      const lote = lotes[index];
      const id = randomUUID();
      const reservado = at(hace);
      const dia = (d: number) => new Date(reservado.getTime() + d * DAY);
      const resuelto = RECLAMO_RESUELTO[email] === index;
      const camino = resuelto ? CAMINO_RESUELTO : CAMINO[estado];
      const cuando = Object.fromEntries(camino.map(([a, d]) => [a, dia(d)]));
      const condicionMuestra: CondicionMuestra = 'SUJETO_A_APROBACION_PSS';
      const condicionPago: CondicionPago = rng.pick(['NETO_30_EMBARQUE', 'PREPAGO', 'CAD'] as const);
      const precioKgCentavos = aCentavos(lote.precioKg!);
      const kg = kgDe(sacos, lote.pesoSacoKg!);
      const confirmado = cuando.CONFIRMAR ?? null;
      const terminos: TerminosPedido = {
        lote: {
          nombre: lote.nombre!,
          codigo: lote.codigo!,
          pais: lote.pais!,
          region: lote.region!,
          finca: lote.finca ?? null,
          variedades: lote.variedades ?? [],
          proceso: lote.proceso!,
          cosecha: lote.cosecha ?? null,
        },
        fincas: lote.finca ? [lote.finca] : [],
        calidad: {
          puntaje: lote.puntaje ?? null,
          humedad: lote.humedad ?? null,
          zaranda: lote.zaranda ?? null,
          defectos: null,
        },
        productorNombre: perfilProductor.nombre,
        compradorEmpresa: perfil.empresa,
        ...(confirmado
          ? {
              partes: {
                productor: parte(rows, productor.id, perfilProductor.nombre),
                comprador: parte(rows, comprador.id, perfil.empresa),
              },
            }
          : {}),
      };
      if (resuelto) {
        const total = totalCentavos(precioKgCentavos, kg);
        terminos.resolucionReclamo = {
          resolucion: 'DESCUENTO',
          // Two bags of the order's value, in whole minor units.
          descuentoCentavos: Math.round((total * 2) / sacos),
          motivo: MOTIVO_DESCUENTO,
          resueltaAt: cuando.RESOLVER_RECLAMO.toISOString(),
        };
      }
      if (RESERVA.includes(estado)) {
        const libres = (lote.sacosDisponibles ?? 0) - (lote.sacosReservados ?? 0);
        if (libres < sacos) lote.sacosDisponibles = (lote.sacosDisponibles ?? 0) + (sacos - libres);
        lote.sacosReservados = (lote.sacosReservados ?? 0) + sacos;
      }
      const eta = cuando.EMBARCAR ? dia(18 + 24) : null;
      const entregado = cuando.RECIBIR ?? null;
      const reclamoHasta = resuelto
        ? cuando.RESOLVER_RECLAMO
        : entregado
          ? new Date(entregado.getTime() + PLAZOS_PEDIDO.reclamoDias * DAY)
          : null;
      const pagado = cuando.REGISTRAR_PAGO ?? null;
      const venceAt =
        estado === 'RESERVADO'
          ? new Date(reservado.getTime() + PLAZOS_PEDIDO.confirmacionHoras * 3_600_000)
          : estado === 'EMBARCADO'
            ? new Date(eta!.getTime() + PLAZOS_PEDIDO.entregaTrasEtaDias * DAY)
            : estado === 'ENTREGADO'
              ? reclamoHasta
              : null;
      n += 1;
      let pssMuestraId: string | null = null;
      if (cuando.ENVIAR_PSS) {
        pssMuestraId = randomUUID();
        const info = comprador.informacionComercial?.direccionFacturacion;
        out.muestras.push({
          id: pssMuestraId,
          loteId: lote.id!,
          compradorId: comprador.id,
          productorId: productor.id,
          tipo: 'PRE_EMBARQUE',
          gramos: 300,
          precioCentavos: 0,
          moneda: lote.moneda ?? 'USD',
          direccionEnvio: {
            nombre: perfil.empresa,
            empresa: perfil.empresa,
            linea1: info?.linea1 ?? 'Calle Mayor 12',
            ciudad: info?.ciudad ?? perfil.ciudad ?? 'Madrid',
            codigoPostal: info?.codigoPostal ?? '',
            pais: perfil.pais,
            telefono: '',
          },
          mensaje: `Muestra de preembarque del pedido ${numeroPedido(reservado.getUTCFullYear(), n)}.`,
          // Approved (or rejected) PSS were cupped; the one on its way waits for the buyer.
          estado: estado === 'PSS_ENVIADA' ? 'ENVIADA' : 'CATADA',
          transportista: 'DHL',
          numeroGuia: String(rng.int(1_000_000_000, 1_999_999_999)),
          enviadaAt: cuando.ENVIAR_PSS,
          entregadaAt: estado === 'PSS_ENVIADA' ? null : dia(7),
          venceAt: estado === 'PSS_ENVIADA' ? new Date(cuando.ENVIAR_PSS.getTime() + 21 * DAY) : null,
          createdAt: cuando.ENVIAR_PSS,
          updatedAt: cuando.ENVIAR_PSS,
        });
        if (estado !== 'PSS_ENVIADA') {
          const hoja = hojaDemo(rng, true);
          out.catas.push({
            muestraId: pssMuestraId,
            loteId: lote.id!,
            catadorId: comprador.id,
            protocolo: 'SCA_2004',
            hoja,
            puntajeTotal: puntajeSca(hoja),
            createdAt: dia(9),
          });
        }
      }
      const numero = numeroPedido(reservado.getUTCFullYear(), n);
      out.pedidos.push({
        pssMuestraId,
        id,
        numero,
        // Collected through Cereza (issue 29) but for one order paid directly: the paid ones feed the demo payouts,
        // the shipped unpaid ones are what the demo statement (README "Payments through Cereza") pays.
        cobro: PAGO_DIRECTO[email] === index ? 'DIRECTO' : 'CEREZA',
        referenciaCobro: PAGO_DIRECTO[email] === index ? null : createReferenciaRf(numero.replace(/[^A-Za-z0-9]/g, '')),
        loteId: lote.id!,
        compradorId: comprador.id,
        productorId: productor.id,
        sacos,
        pesoSacoKg: lote.pesoSacoKg!,
        kg,
        precioKgCentavos,
        totalCentavos: totalCentavos(precioKgCentavos, kg),
        moneda: lote.moneda ?? 'USD',
        incoterm: lote.incoterm ?? 'FOB',
        lugarEntrega: lugarDemo(
          lote.incoterm ?? 'FOB',
          rng.pick(['Cartagena', 'Buenaventura', 'Santa Marta']),
          comprador.informacionComercial?.direccionFacturacion.ciudad ?? perfil.ciudad ?? 'Madrid',
          perfil.pais,
        ),
        desglosePrecio: lote.desglosePrecio
          ? {
              precioFincaCentavos: aCentavos(lote.desglosePrecio.precioFinca),
              costosExportacionCentavos: aCentavos(lote.desglosePrecio.costosExportacion),
              comisionPlataformaCentavos: aCentavos(lote.desglosePrecio.comisionPlataforma),
            }
          : null,
        condicionPago,
        ventanaEmbarque: lote.ventanaEmbarque ?? null,
        condicionMuestra,
        terminos,
        estado,
        estadoPago: pagado ? 'PAGADO' : 'PENDIENTE',
        venceAt,
        recordatorioAt: null,
        pagoVenceAt: null,
        pagadoAt: pagado,
        confirmadoAt: confirmado,
        pssEnvios: cuando.ENVIAR_PSS ? 1 : 0,
        naviera: cuando.EMBARCAR ? rng.pick(['Maersk', 'Hapag-Lloyd', 'MSC']) : null,
        contenedor: cuando.EMBARCAR ? `MSKU${rng.int(1_000_000, 9_999_999)}` : null,
        conocimientoEmbarque: cuando.EMBARCAR ? `BL-${rng.int(100_000, 999_999)}` : null,
        etd: cuando.EMBARCAR ?? null,
        eta,
        embarcadoAt: cuando.EMBARCAR ?? null,
        entregadoAt: entregado,
        reclamoHasta,
        motivoCancelacion: estado === 'CANCELADO' ? 'Cambiamos el plan de compras de este trimestre.' : null,
        motivoReclamo:
          estado === 'EN_RECLAMO'
            ? 'Humedad del 12,8 % al llegar, por encima del 11 % pactado.'
            : resuelto
              ? MOTIVO_RECLAMO_RESUELTO
              : null,
        createdAt: reservado,
        updatedAt: camino.length ? cuando[camino[camino.length - 1][0]] : reservado,
      });
      out.eventos.push({
        entidad: 'pedido',
        entidadId: id,
        accion: 'RESERVAR',
        desde: null,
        hacia: 'RESERVADO',
        actorId: comprador.id,
        actorRol: 'comprador',
        datos: { sacos },
        createdAt: reservado,
      });
      let desde: EstadoPedido = 'RESERVADO';
      for (const [accion] of camino) {
        const actor = ACTOR[accion];
        const hacia: EstadoPedido = HACIA[accion] ?? desde;
        out.eventos.push({
          entidad: 'pedido',
          entidadId: id,
          accion,
          desde,
          hacia,
          actorId: actor === 'comprador' ? comprador.id : actor === 'productor' ? productor.id : null,
          actorRol: actor,
          datos:
            accion === 'EMBARCAR'
              ? {
                  naviera: out.pedidos.at(-1)!.naviera,
                  contenedor: out.pedidos.at(-1)!.contenedor,
                  conocimientoEmbarque: out.pedidos.at(-1)!.conocimientoEmbarque,
                }
              : accion === 'CANCELAR'
                ? { motivo: 'Cambiamos el plan de compras de este trimestre.' }
                : accion === 'ABRIR_RECLAMO' && resuelto
                  ? { motivo: MOTIVO_RECLAMO_RESUELTO }
                  : accion === 'RESOLVER_RECLAMO'
                    ? {
                        resolucion: 'DESCUENTO',
                        descuentoCentavos: terminos.resolucionReclamo?.descuentoCentavos,
                        motivo: MOTIVO_DESCUENTO,
                      }
                    : {},
          createdAt: cuando[accion],
        });
        desde = hacia;
      }
      // The demo buyer's completed order is left for him to review; the importer's shows on the producer's pages.
      if (estado === 'COMPLETADO' && email !== 'comprador@cereza.example' && !resuelto) {
        const publicada = dia(80);
        out.resenas.push(
          {
            pedidoId: id,
            autorId: comprador.id,
            destinatarioId: productor.id,
            autorRol: 'comprador',
            puntuacion: rng.pick([4, 5, 5]),
            comentario: rng.pick([
              'El café llegó igual que la muestra de preembarque: taza limpia y dulce. Volveremos a comprar.',
              'Documentación en regla y comunicación rápida. Llegó con la humedad pactada.',
            ]),
            publicadaAt: publicada,
            createdAt: dia(76),
          },
          {
            pedidoId: id,
            autorId: productor.id,
            destinatarioId: comprador.id,
            autorRol: 'productor',
            puntuacion: 5,
            comentario: 'Pago puntual y muy buena comunicación.',
            publicadaAt: publicada,
            createdAt: dia(80),
          },
        );
      }
    }
  }
  return out;
}
