import { parseArgs } from 'node:util';
import { formatoDinero, textoResolucion, type ResolverReclamoInput } from '../../../contract/pedidos';
import type { Db } from '../../db/client';
import { HttpError } from '../../errors';
import { wireTradeReactions } from '../../composition';
import { cancelarPorOperador, listReclamos, resolverReclamo } from './reclamos';

export const USO_RECLAMOS = [
  'Uso:',
  '  npm run reclamos -- listar',
  '  npm run reclamos -- resolver <numero-de-pedido> sin-cambio [--motivo "…"]',
  '  npm run reclamos -- resolver <numero-de-pedido> descuento <importe> [--motivo "…"]',
  '      (importe en unidades menores, 12345, o con coma decimal, "123,45")',
  '  npm run reclamos -- resolver <numero-de-pedido> cancelar [--motivo "…"]',
  '  npm run reclamos -- cancelar <numero-de-pedido> --motivo "…"   (pedidos reservados o confirmados, sin embarcar)',
].join('\n');

export interface ReclamosIO {
  db: Db;
  now: () => Date;
  out: (linea: string) => void;
  err: (linea: string) => void;
}

const RESOLUCIONES: Record<string, ResolverReclamoInput['resolucion']> = {
  'sin-cambio': 'SIN_CAMBIO',
  descuento: 'DESCUENTO',
  cancelar: 'CANCELACION',
};

/**
 * The operator's command (`npm run reclamos -- …`, docs/decisions/035) on an open database: returns the exit code
 * (0 done, 1 refused — the Spanish message of the 4xx on stderr, prefixed with its status —, 2 bad usage).
 */
export async function runReclamos(args: string[], io: ReclamosIO): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (e) {
    io.err(`${(e as Error).message}\n${USO_RECLAMOS}`);
    return 2;
  }
  // Outside the server nothing has hooked the invoices to the order's moves: a discount must still issue its
  // rectifying invoices in the resolution's transaction (decision 032; registering twice is a no-op).
  wireTradeReactions();
  const { positionals, values } = parsed;
  const [orden, numero, que, importe] = positionals;
  if (values.help) {
    io.out(USO_RECLAMOS);
    return 0;
  }
  try {
    if (orden === 'listar' && positionals.length === 1) {
      const reclamos = await listReclamos(io.db, io.now());
      if (!reclamos.length) {
        io.out('No hay reclamos abiertos.');
        return 0;
      }
      io.out(`${reclamos.length} ${reclamos.length === 1 ? 'reclamo abierto' : 'reclamos abiertos'}:`);
      for (const r of reclamos) {
        io.out(
          `${r.numero} · comprador: ${r.comprador} · productor: ${r.productor} · total ${formatoDinero(r.totalCentavos, r.moneda)} · abierto hace ${r.diasAbierto} ${r.diasAbierto === 1 ? 'día' : 'días'}`,
        );
        io.out(`    Motivo: ${r.motivo ?? '(sin motivo)'}`);
      }
      return 0;
    }
    if (orden === 'resolver' && numero && que && RESOLUCIONES[que]) {
      const resolucion = RESOLUCIONES[que];
      const esperados = resolucion === 'DESCUENTO' ? 4 : 3;
      if (positionals.length !== esperados) throw new UsoError();
      const body: ResolverReclamoInput =
        resolucion === 'DESCUENTO'
          ? { resolucion, importe: importe ?? '', motivo: values.motivo }
          : { resolucion, motivo: values.motivo };
      const p = await resolverReclamo(io.db, numero, body, io.now());
      io.out(`Reclamo del pedido ${p.numero} resuelto.`);
      io.out(textoResolucion(p.terminos.resolucionReclamo!, p.moneda, p.totalCentavos));
      io.out('Se ha avisado al comprador y al productor.');
      return 0;
    }
    if (orden === 'cancelar' && numero && positionals.length === 2) {
      const p = await cancelarPorOperador(io.db, numero, values.motivo ?? '', io.now());
      io.out(`Pedido ${p.numero} cancelado. Se ha avisado al comprador y al productor.`);
      return 0;
    }
    throw new UsoError();
  } catch (e) {
    if (e instanceof UsoError) {
      io.err(USO_RECLAMOS);
      return 2;
    }
    if (e instanceof HttpError && e.statusCode < 500) {
      io.err(`Error ${e.statusCode}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

class UsoError extends Error {}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { motivo: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
}
