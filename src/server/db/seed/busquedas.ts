import { randomBytes } from 'node:crypto';
import type { busquedasGuardadas } from '../schema';
import type { SeedRows } from './build';

const HOUR = 60 * 60 * 1000;

/**
 * The demo buyer's saved searches (issue 32): one saved just before the two newest Ethiopian naturals were
 * published (it shows them as new, and its alert goes out at the digest's first run), and one saved today, still
 * quiet.
 */
export function buildDemoBusquedas(rows: SeedRows, now: Date): Array<typeof busquedasGuardadas.$inferInsert> {
  const comprador = rows.users.find((u) => u.email === 'comprador@cereza.example');
  if (!comprador) return [];
  const id = comprador.id!;
  const naturalesEtiopes = rows.lotes
    .filter((l) => l.pais === 'ET' && l.proceso === 'NATURAL' && !l.ocultar)
    .map((l) => l.createdAt!.getTime())
    .sort((a, b) => b - a);
  const guardada = new Date((naturalesEtiopes[1] ?? naturalesEtiopes[0] ?? now.getTime()) - HOUR);
  return [
    {
      compradorId: id,
      nombre: 'Naturales de Etiopía',
      consulta: 'pais=ET&proceso=NATURAL',
      avisarEmail: true,
      bajaToken: randomBytes(24).toString('base64url'),
      avisoDesde: guardada,
      createdAt: guardada,
    },
    {
      compradorId: id,
      nombre: 'Lavados colombianos de 86 puntos o más',
      consulta: 'pais=CO&proceso=LAVADO&puntajeMin=86',
      avisarEmail: false,
      bajaToken: randomBytes(24).toString('base64url'),
      avisoDesde: now,
      createdAt: now,
    },
  ];
}
