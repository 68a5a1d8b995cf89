/**
 * Cereza's operator accounts (docs/decisions/045), from the server: nobody can register one.
 *
 *   npm run operador -- crear operadora@example.com [--nombre "Ana Operadora"]   # prints a one-time password
 *   npm run operador -- reset-2fa operadora@example.com                          # lost phone and recovery codes
 *
 * `reset-2fa` also serves lab accounts. Uses the database the server would use (DATA_DIR's embedded PostgreSQL,
 * or DATABASE_URL), after applying migrations; stop `npm start` first when the database is the embedded one.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { migrate } from '../src/server/db/migrate';
import { CuentaOperadorError, createCuentaOperador, resetSegundoFactor } from '../src/server/modules/operador/cuentas';

const USO = [
  'Uso:',
  '  npm run operador -- crear <email> [--nombre "Nombre"]',
  '  npm run operador -- reset-2fa <email>',
].join('\n');

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { nombre: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [orden, email] = positionals;
  if (values.help || !['crear', 'reset-2fa'].includes(orden ?? '') || !email || positionals.length > 2) {
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
    if (orden === 'reset-2fa') {
      const r = await resetSegundoFactor(database.db, email);
      console.log(`Verificación en dos pasos reiniciada: ${r.email}.`);
      console.log(
        'Sus sesiones se han cerrado y sus códigos de recuperación ya no sirven. Al iniciar sesión con su contraseña configurará un segundo factor nuevo.',
      );
      return;
    }
    const cuenta = await createCuentaOperador(database.db, { email, nombre: values.nombre });
    console.log(
      `${cuenta.resultado === 'creada' ? 'Cuenta creada' : 'Contraseña renovada'}: ${cuenta.email} (operador).`,
    );
    console.log(`Contraseña de un solo uso: ${cuenta.password}`);
    console.log(
      'Entrega esta contraseña por un canal seguro. Al iniciar sesión en /auth/login configurará la verificación en dos pasos; la contraseña se cambia en Mi cuenta.',
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof CuentaOperadorError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
