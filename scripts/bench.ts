/**
 * Catalogue benchmark (issue 4): seeds 10,000 lots into a throwaway embedded database, starts the
 * production server on it and measures the public lot routes beside GET /api/health (the ceiling).
 *
 *   npm run bench                      20 s per route, 50 connections
 *   BENCH_SECONDS=5 npm run bench      shorter
 *   BENCH_CONNECTIONS=10 npm run bench
 *   BENCH_WARMUP=0 npm run bench       no unmeasured warm-up run before each route (default 2 s)
 *
 * Targets on the embedded database: p99 under 50 ms for every list and detail route, a deep page no slower
 * than twice the first page, and catalogue throughput at least a third of the health route's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { lotes, productorPerfiles, users } from '../src/server/db/schema';
import { buildSearchText } from '../src/server/modules/lotes/search-text';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests?: Array<{ setupRequest?: (req: { path: string }) => { path: string } }>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOTES = Number(process.env.BENCH_LOTES ?? 10_000);

// ---------------------------------------------------------------------------------------------------------
// Plausible generated data (deterministic)
// ---------------------------------------------------------------------------------------------------------

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(20241122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const between = (min: number, max: number) => min + rand() * (max - min);

const ORIGENES: Array<[string, string[]]> = [
  ['CO', ['Huila', 'Nariño', 'Cauca', 'Tolima', 'Antioquia', 'Santander']],
  ['ET', ['Yirgacheffe', 'Guji', 'Sidamo', 'Limu']],
  ['KE', ['Nyeri', 'Kirinyaga', 'Embu']],
  ['PE', ['Cajamarca', 'Cusco', 'Puno', 'Amazonas']],
  ['BR', ['Minas Gerais', 'Mogiana', 'Bahia']],
  ['GT', ['Huehuetenango', 'Antigua', 'Atitlán']],
  ['HN', ['Marcala', 'Copán', 'Santa Bárbara']],
  ['CR', ['Tarrazú', 'West Valley', 'Naranjo']],
  ['RW', ['Nyamasheke', 'Huye']],
];
const VARIEDADES = [
  'Caturra',
  'Castillo',
  'Typica',
  'Bourbon',
  'Geisha',
  'Pacamara',
  'SL28',
  'SL34',
  'Heirloom',
  'Catuaí',
  'Sidra',
  'Bourbon Rosado',
];
const NOTAS = [
  'chocolate',
  'panela',
  'caramelo',
  'jazmín',
  'bergamota',
  'durazno',
  'frutos rojos',
  'cítricos',
  'miel',
  'nuez',
  'arándano',
  'mandarina',
  'cacao',
  'vino tinto',
  'flor de azahar',
];
const PROCESOS = ['LAVADO', 'NATURAL', 'HONEY', 'SEMI_LAVADO', 'ANAEROBICO', 'EXPERIMENTAL'];
const CERTS = ['ORGANICO', 'COMERCIO_JUSTO', 'RAINFOREST_ALLIANCE', 'BIRD_FRIENDLY'];
const PESOS = [30, 35, 46, 60, 69, 70];
const PRODUCTORES = [
  'Finca La Esperanza',
  'Cooperativa Los Andes',
  'Asociación Montaña Azul',
  'Estación Kayon',
  'Finca El Mirador',
  'Beneficio San Rafael',
  'Grupo Altos del Sur',
  'Cooperativa Nyeri Hills',
];

/** Fills DATA_DIR's embedded database with LOTES generated lots from a few producers (bulk inserts). */
export async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    await migrate(database.db);
    const db = database.db;
    const productores: Array<{ id: string; nombre: string }> = [];
    for (const [i, nombre] of PRODUCTORES.entries()) {
      const [u] = await db
        .insert(users)
        .values({
          email: `bench-${i}@example.com`,
          nombre,
          tipoUser: 'PRODUCTOR',
          perfilBase: true,
          verificado: i % 2 === 0,
        })
        .returning({ id: users.id });
      const [pais, regiones] = ORIGENES[i % ORIGENES.length];
      await db
        .insert(productorPerfiles)
        .values({ userId: u.id, tipoProductor: 'FINCA', nombre, pais, region: regiones[0] });
      productores.push({ id: u.id, nombre });
    }
    const now = Date.now();
    const batch: Array<typeof lotes.$inferInsert> = [];
    for (let i = 0; i < LOTES; i++) {
      const productor = productores[i % productores.length];
      const [pais, regiones] = pick(ORIGENES);
      const region = pick(regiones);
      const variedades = [...new Set([pick(VARIEDADES), ...(rand() < 0.3 ? [pick(VARIEDADES)] : [])])];
      const notasCata = [...new Set(Array.from({ length: 2 + Math.floor(rand() * 3) }, () => pick(NOTAS)))];
      const proceso = pick(PROCESOS);
      const precioKg = Math.round(between(5, 45) * 100) / 100;
      const altitudMin = Math.round(between(1100, 2000) / 10) * 10;
      const loteRow = {
        productorId: productor.id,
        codigo: `${pais}-BENCH-${String(i).padStart(5, '0')}`,
        nombre: `${variedades[0]} ${proceso === 'LAVADO' ? 'lavado' : proceso.toLowerCase().replace('_', ' ')} de ${region}`,
        descripcion: 'Lote generado para la prueba de rendimiento del catálogo.',
        pais,
        region,
        finca: `Finca ${pick(['El Roble', 'La Palma', 'Santa Ana', 'Las Nubes', 'El Paraíso'])}`,
        altitudMin,
        altitudMax: altitudMin + Math.round(between(0, 300) / 10) * 10,
        variedades,
        proceso,
        cosecha: `202${3 + Math.floor(rand() * 2)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}`,
        puntaje: rand() < 0.1 ? null : Math.round(between(80, 92) * 4) / 4,
        notasCata,
        humedad: Math.round(between(9, 12) * 10) / 10,
        sacosDisponibles: Math.floor(between(0, 300)),
        pesoSacoKg: pick(PESOS),
        loteMinimoSacos: 1 + Math.floor(rand() * 5),
        precioKg,
        certificaciones: rand() < 0.4 ? [pick(CERTS)] : [],
        posicion: pick(['DISPONIBLE', 'DISPONIBLE', 'EN_TRANSITO', 'FUTURO']),
        galeriaLote: [{ url: `/uploads/bench/${i}-lg.webp`, thumb: `/uploads/bench/${i}-sm.webp` }],
        muestra: { disponible: rand() < 0.7, gramos: 250 },
        ocultar: rand() < 0.05,
        status: rand() < 0.15 ? 'VERIFICADO' : pick(['POR_ENVIAR', 'EN_REVISION']),
        createdAt: new Date(now - Math.floor(rand() * 730 * 86_400_000)),
      };
      batch.push({ ...loteRow, busqueda: buildSearchText(loteRow, productor.nombre) });
      if (batch.length === 500) {
        await db.insert(lotes).values(batch);
        batch.length = 0;
      }
    }
    if (batch.length) await db.insert(lotes).values(batch);
    await database.exec('VACUUM ANALYZE');
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Server process
// ---------------------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;

/** Stops the server and waits for it to exit (it checkpoints the database on the way out), at most 15 s. */
async function stopServerAndWait() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server!.once('exit', () => resolve()));
  stopServer();
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
}

function stopServer() {
  if (server?.pid && server.exitCode === null) {
    // The server runs in its own process group (npx → tsx → node): end the whole group.
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      server.kill('SIGTERM');
    }
  }
}

/** Newest modification time under a folder, to tell whether dist/ was built from the current sources. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function startServer(dataDir: string, port: number): ChildProcess {
  const built = path.join(root, 'dist/server/main.js');
  const fresh = existsSync(built) && statSync(built).mtimeMs >= newestMtime(path.join(root, 'src/server'));
  if (existsSync(built) && !fresh) console.log('dist/server/main.js es anterior a las fuentes: se usa tsx con src/.');
  const [cmd, args] = fresh ? ['node', [built]] : ['npx', ['tsx', 'src/server/main.ts']];
  const child = spawn(cmd, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  console.log(`Servidor: ${cmd} ${args.join(' ')} (pid ${child.pid}, puerto ${port})`);
  return child;
}

async function waitReady(base: string, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`el servidor terminó con código ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('el servidor no estuvo listo a tiempo');
}

// ---------------------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------------------

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);

async function measure(base: string, name: string, routePath: string, vary?: () => string): Promise<Row> {
  // A short unmeasured run first, so that JIT compilation and the first (uncached) answer do not count.
  if (WARMUP_SECONDS > 0 && !vary) {
    await autocannon({ url: `${base}${routePath}`, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  }
  const result = await autocannon({
    url: `${base}${routePath}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: vary ? [{ setupRequest: (req) => ({ ...req, path: vary() }) }] : undefined,
  });
  const row: Row = {
    name,
    path: vary ? `${routePath} (variable)` : routePath,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
  console.log(
    `  ${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${row.bad ? `, ${row.bad} fallos` : ''}`,
  );
  return row;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cereza-bench-'));
  const cleanup = () => {
    stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      cleanup();
      process.exit(130);
    });
  }

  let t = Date.now();
  console.log(`Sembrando ${LOTES} lotes en ${dataDir}…`);
  await seed(dataDir);
  console.log(`  listo en ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = startServer(dataDir, port);
  t = Date.now();
  await waitReady(base);
  console.log(`  servidor listo en ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const first = (await (await fetch(`${base}/api/lotes`)).json()) as {
    data: { lotes: Array<{ id: string }>; pagination: { total: number; totalPages: number } };
  };
  const { total, totalPages } = first.data.pagination;
  const loteId = first.data.lotes[0].id;
  const deepPage = Math.max(1, totalPages - 1);
  console.log(`Lotes públicos: ${total} (${totalPages} páginas). ${SECONDS} s por ruta, ${CONNECTIONS} conexiones.`);

  const rows: Row[] = [];
  rows.push(await measure(base, 'health', '/api/health'));
  rows.push(await measure(base, 'lotes, primera página', '/api/lotes'));
  rows.push(
    await measure(base, 'lotes, filtrada', '/api/lotes?pais=CO&proceso=LAVADO,HONEY&puntajeMin=84&orden=precio_asc'),
  );
  rows.push(await measure(base, 'lotes, página profunda', `/api/lotes?page=${deepPage}`));
  rows.push(await measure(base, 'lotes, búsqueda de texto', '/api/lotes?q=geisha%20jazmin'));
  rows.push(await measure(base, 'lote, detalle', `/api/lotes/${loteId}`));
  // Every request a different query: nothing is served from the response cache (worst case).
  let n = 0;
  rows.push(
    await measure(
      base,
      'lotes, sin caché (consultas distintas)',
      '/api/lotes',
      () => `/api/lotes?precioMin=${(5 + (n++ % 100_000) / 10_000).toFixed(4)}&page=${1 + (n % 50)}`,
    ),
  );

  // Public pages rendered on the server (docs/decisions/008): only when a web build is there to render.
  const pageRes = await fetch(`${base}/lotes`);
  if (
    pageRes.headers.get('content-type')?.includes('text/html') &&
    (await pageRes.text()).includes('id="cereza-ssr"')
  ) {
    rows.push(await measure(base, 'página del catálogo (HTML renderizado en el servidor)', '/lotes'));
    rows.push(await measure(base, 'página de un lote (HTML renderizado en el servidor)', `/lote/${loteId}`));
  } else {
    console.log('  (sin build web con renderizado en el servidor: `npm run build` para medir las páginas)');
  }

  const health = rows[0];
  const catalogue = rows.slice(1, 6);
  console.log('');
  console.log('| ruta | req/s | p50 (ms) | p99 (ms) | fallos |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.name} \`${r.path}\` | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.bad} |`);
  console.log('');
  const p99ok = catalogue.every((r) => r.p99 < 50);
  const deepOk = rows[3].p99 <= 2 * Math.max(rows[1].p99, 1);
  const minRps = Math.min(...catalogue.map((r) => r.rps));
  const rpsOk = minRps >= health.rps / 3;
  console.log(`Objetivo p99 < 50 ms en listas y detalle: ${p99ok ? 'cumple' : 'NO cumple'}`);
  console.log(
    `Objetivo página profunda ≤ 2× la primera (p99 ${rows[3].p99} vs ${rows[1].p99} ms): ${deepOk ? 'cumple' : 'NO cumple'}`,
  );
  console.log(
    `Objetivo catálogo ≥ 1/3 de health (${minRps.toFixed(0)} vs ${(health.rps / 3).toFixed(0)} req/s): ${rpsOk ? 'cumple' : 'NO cumple'}`,
  );
  const bad = rows.reduce((s, r) => s + r.bad, 0);
  if (bad) console.log(`Atención: ${bad} respuestas con error o sin respuesta.`);
  // Deleting the data folder under a server that is still checkpointing makes its shutdown fail.
  await stopServerAndWait();
  cleanup();
  process.exitCode = p99ok && deepOk && rpsOk && !bad ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    stopServer();
    process.exit(1);
  });
}
