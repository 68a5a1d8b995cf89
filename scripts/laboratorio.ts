/**
 * Creates (or promotes) an account of Cereza's quality lab, which nobody can register (TRADE.md "The quality
 * lab", docs/decisions/022), and prints its one-time password. Uses the database the server would use
 * (DATA_DIR's embedded PostgreSQL, or DATABASE_URL), after applying migrations; stop `npm start` first when
 * the database is the embedded one (it allows one process).
 *
 *   npm run laboratorio -- crear laboratorio@example.com
 *   npm run laboratorio -- crear catadora@example.com --nombre "Ana Catadora"
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { migrate } from '../src/server/db/migrate';
import { CuentaLaboratorioError, createCuentaLaboratorio } from '../src/server/modules/laboratorio/cuentas';

const USO = 'Uso: npm run laboratorio -- crear <email> [--nombre "Nombre del laboratorio"]';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { nombre: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [orden, email] = positionals;
  if (values.help || orden !== 'crear' || !email || positionals.length > 2) {
    console.error(USO);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    await migrate(database.db);
    const cuenta = await createCuentaLaboratorio(database.db, { email, nombre: values.nombre });
    const que = { creada: 'Cuenta creada', promovida: 'Cuenta convertida', renovada: 'Contraseña renovada' }[
      cuenta.resultado
    ];
    console.log(`${que}: ${cuenta.email} (laboratorio).`);
    console.log(`Contraseña de un solo uso: ${cuenta.password}`);
    console.log(
      'Entrega esta contraseña por un canal seguro; se cambia en Mi cuenta tras iniciar sesión en /auth/login.',
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof CuentaLaboratorioError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
