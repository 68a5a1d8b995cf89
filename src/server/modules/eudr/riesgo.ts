import { asc, eq } from 'drizzle-orm';
import { CLASE_RIESGO_LABELS, type ClaseRiesgo, type RiesgoPais } from '../../../contract/eudr';
import { paisName } from '../../../contract/lotes-codes';
import type { UserRow } from '../../auth/guards';
import type { Db } from '../../db/client';
import { riesgoPaises } from '../../db/schema/eudr';
import { auditar } from '../auditoria';

const toRiesgo = (r: typeof riesgoPaises.$inferSelect): RiesgoPais => ({
  pais: r.pais,
  clase: r.clase,
  fuente: r.fuente,
  fechaFuente: r.fechaFuente,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listRiesgos(db: Db): Promise<RiesgoPais[]> {
  return (await db.select().from(riesgoPaises).orderBy(asc(riesgoPaises.pais))).map(toRiesgo);
}

/** The operator sets one country's class, with its source and date; the audit log keeps before and after. */
export async function setRiesgo(
  db: Db,
  operador: UserRow,
  pais: string,
  input: { clase: ClaseRiesgo; fuente: string; fechaFuente: string },
  now: Date,
): Promise<RiesgoPais> {
  return db.transaction(async (tx) => {
    const [antes] = await tx.select().from(riesgoPaises).where(eq(riesgoPaises.pais, pais)).for('update');
    const values = { ...input, actualizadoPor: operador.id, updatedAt: now };
    const [row] = await tx
      .insert(riesgoPaises)
      .values({ pais, ...values })
      .onConflictDoUpdate({ target: riesgoPaises.pais, set: values })
      .returning();
    await auditar(
      tx,
      operador,
      {
        accion: 'riesgo_pais',
        entidad: 'riesgo_pais',
        entidadId: pais,
        motivo: `${paisName(pais)}: ${CLASE_RIESGO_LABELS[input.clase]} (${input.fuente}, ${input.fechaFuente})`,
        antes: antes ? { clase: antes.clase, fuente: antes.fuente, fechaFuente: antes.fechaFuente } : null,
        despues: { clase: input.clase, fuente: input.fuente, fechaFuente: input.fechaFuente },
      },
      now,
    );
    return toRiesgo(row);
  });
}
