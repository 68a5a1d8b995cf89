/**
 * The two-replica proof (issue 31), run by `npm test` after the production build: two replicas of the built server
 * (`node dist/server/main.js`) on one PostgreSQL database and one S3-compatible bucket (s3rver, in this process),
 * behind nginx (Debian's package; the config is written here, loopback ports only). Through the proxy: a session
 * works on both replicas, an upload is served by both, a limit holds across both, a lot change made on one is seen
 * on the other, and each replica is restarted (then one is killed) while a client loop reads and writes: no failed
 * request, no lost write. Last, a rollout's two releases side by side: a second build (release N+1, its own hashed
 * names) on one replica, the first build (N) on the other, and every page asset and lazy chunk of both fetched through
 * the proxy; then the same with the releases' shared copies taken out of the bucket, which is how it was before
 * decision 062 (issue 31: 8 of 36 page assets and 18 of 40 lazy chunks 404).
 *
 *   node --import tsx scripts/replicas.ts        (npm test runs it; needs `npm run build` first)
 *   REPLICAS_PG_URL=postgres://postgres@127.0.0.1:5432/test   the server it creates its throwaway database on
 *
 * Exit 0: passed; 1: failed; 77: skipped (no nginx, no PostgreSQL or no build), the reason printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { startTestS3 } from '../src/server/test/s3';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = 77;
const pgAdminUrl = process.env.REPLICAS_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const started = Date.now();
const log = (msg: string) => console.log(`  [${((Date.now() - started) / 1000).toFixed(1)} s] ${msg}`);

function skip(reason: string): never {
  console.log(`replicas proof: skipped: ${reason}`);
  process.exit(SKIP);
}

class ProofError extends Error {}
function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new ProofError(what);
  log(`ok: ${what}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, probe: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new ProofError(`timed out waiting for ${what}`);
}

// --- what is needed, or skip ------------------------------------------------------------------------------------
const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (!nginxBin) skip('nginx is not installed (apt-get install -y nginx)');
const mainJs = path.join(root, 'dist/server/main.js');
if (!existsSync(mainJs)) skip('no production build in dist/ (npm run build)');
{
  const probe = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.end();
  } catch (err) {
    skip(`PostgreSQL is not reachable at ${pgAdminUrl} (${(err as Error).message})`);
  }
}

// --- set-up ---------------------------------------------------------------------------------------------------
const tmp = mkdtempSync(path.join(os.tmpdir(), 'cereza-replicas-'));
const dbName = `cereza_replicas_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(pgAdminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: pgAdminUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
};

const children = new Set<ChildProcess>();
let nginx: ChildProcess | undefined;
const s3 = await startTestS3();
const bucket = await s3.newStorage();

// Release N+1: the same sources built again (a new build id, so most hashed names change, as in a real release),
// built while the first checks run. Inside the project, where its server-rendering bundle finds node_modules.
const releaseN1 = path.join(root, 'dist', `.replicas-release-n1-${process.pid}`);
const buildN1 = new Promise<number | null>((resolve) => {
  const p = spawn(process.execPath, [path.join(root, 'scripts/build.mjs'), '--out', releaseN1], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  p.on('exit', (code) => resolve(code));
  children.add(p);
});

interface Replica {
  name: string;
  port: number;
  /** The build's web folder (default: dist/web, found by the server beside its own file). */
  webDir?: string;
  proc?: ChildProcess;
  exited?: Promise<number | null>;
}

function startReplica(r: Replica) {
  const dataDir = path.join(tmp, r.name);
  mkdirSync(dataDir, { recursive: true });
  const out = path.join(tmp, `${r.name}.log`);
  const proc = spawn(process.execPath, [mainJs], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(r.port),
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      DEMO_DATA: 'false',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'http://cereza.test',
      LOG_LEVEL: 'warn',
      S3_BUCKET: bucket.settings.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      NODE_NO_WARNINGS: '1',
      ...(r.webDir ? { WEB_DIR: r.webDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  proc.stdout!.on('data', (c: Buffer) => chunks.push(c));
  proc.stderr!.on('data', (c: Buffer) => chunks.push(c));
  r.proc = proc;
  children.add(proc);
  r.exited = new Promise((resolve) =>
    proc.on('exit', (code) => {
      children.delete(proc);
      writeFileSync(out, Buffer.concat(chunks));
      resolve(code);
    }),
  );
}

const ready = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;

async function stopReplica(r: Replica, signal: NodeJS.Signals) {
  r.proc!.kill(signal);
  return r.exited!;
}

let failed = false;
const a: Replica = { name: 'a', port: await freePort() };
const b: Replica = { name: 'b', port: await freePort() };
const proxyPort = await freePort();
const P = `http://127.0.0.1:${proxyPort}`;
const direct = (r: Replica) => `http://127.0.0.1:${r.port}`;

try {
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  // Both start together: the advisory lock lets one apply the migrations, the other waits and finds them applied.
  startReplica(a);
  startReplica(b);
  await Promise.all([waitFor('replica a', ready(a.port)), waitFor('replica b', ready(b.port))]);
  log(`two replicas ready on :${a.port} and :${b.port} (PostgreSQL ${dbName}, bucket ${bucket.settings.bucket})`);

  // As root, nginx's workers would run as nobody, who cannot write its temporary files in this private folder.
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${tmp}/client_body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
  client_max_body_size 12m;
  upstream cereza {
    server 127.0.0.1:${a.port} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${b.port} max_fails=1 fail_timeout=2s;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://cereza;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      add_header X-Upstream $upstream_addr always;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
    }
  }
}
`;
  writeFileSync(path.join(tmp, 'nginx.conf'), conf);
  const test = spawnSync(
    nginxBin,
    ['-t', '-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-e', path.join(tmp, 'nginx-error.log')],
    {
      encoding: 'utf8',
    },
  );
  if (test.status !== 0) throw new ProofError(`nginx -t: ${test.stderr}`);
  nginx = spawn(
    nginxBin,
    ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-e', path.join(tmp, 'nginx-error.log'), '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  await waitFor('nginx', async () => (await fetch(`${P}/api/health`)).ok, 10_000);
  log(`nginx on :${proxyPort}, round-robin over both`);

  // --- a session made through the proxy works on both replicas -----------------------------------------------
  const email = `replicas-${process.pid}@example.com`;
  const reg = await fetch(`${P}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'tueste-claro-de-altura',
      nombre: 'Prueba',
      apellido: 'Réplicas',
      tipoUser: 'PRODUCTOR',
    }),
  });
  check(reg.status === 201, `registration through the proxy (${reg.status})`);
  const login = await fetch(`${P}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'tueste-claro-de-altura' }),
  });
  check(login.status === 200, `sign-in through the proxy (${login.status})`);
  const token = ((await login.json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const perfil = await fetch(`${P}/api/productor/perfil`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      tipoProductor: 'FINCA',
      nombre: `Finca Réplicas ${process.pid}`,
      pais: 'CO',
      region: 'Huila',
    }),
  });
  check(perfil.status < 300, `producer profile through the proxy (${perfil.status})`);
  for (const r of [a, b]) {
    const me = await fetch(`${direct(r)}/api/users/me`, { headers: auth });
    check(me.status === 200, `the session is valid on replica ${r.name} (${me.status})`);
  }
  const seen = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const me = await fetch(`${P}/api/users/me`, { headers: auth });
    if (me.status !== 200) throw new ProofError(`/api/users/me through the proxy: ${me.status}`);
    seen.add(me.headers.get('x-request-id') ?? '');
  }
  check(seen.size === 10, 'ten signed-in requests through the proxy, each with its own request id');

  // --- an upload through the proxy is served by both replicas ----------------------------------------------
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'foto.png');
  const up = await fetch(`${P}/api/uploads`, { method: 'POST', headers: auth, body: form });
  check(up.status === 201, `photo upload through the proxy (${up.status})`);
  const foto = ((await up.json()) as { data: { urls: Record<'sm' | 'md' | 'lg', string> } }).data;
  for (const r of [a, b]) {
    for (const url of Object.values(foto.urls)) {
      const res = await fetch(`${direct(r)}${url}`);
      if (res.status !== 200) throw new ProofError(`${url} on replica ${r.name}: ${res.status}`);
    }
  }
  check(true, 'every size of the photo is served by both replicas (9/9 through the proxy before: 5/9 failed)');
  let viaProxy = 0;
  for (let i = 0; i < 9; i++)
    if ((await fetch(`${P}${foto.urls[(['sm', 'md', 'lg'] as const)[i % 3]]}`)).status === 200) viaProxy++;
  check(viaProxy === 9, `9 of 9 reads of the photo through the proxy (${viaProxy})`);

  // --- a limit holds across both ---------------------------------------------------------------------------
  const codes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${P}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: `prueba ${i}` }),
    });
    codes.push(res.status);
  }
  const allowed = codes.filter((c) => c === 204).length;
  check(
    allowed === 30 && codes.filter((c) => c === 429).length === 10,
    `/api/client-errors: ${allowed} of 40 through two replicas, the limit is 30`,
  );

  // --- a lot change made on one replica is seen on the other -----------------------------------------------
  const lote = await fetch(`${P}/api/lotes`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      nombre: 'Caturra lavado de las réplicas',
      descripcion: 'Lote de prueba de dos réplicas.',
      pais: 'CO',
      region: 'Huila',
      municipio: 'Pitalito',
      finca: 'La Esperanza',
      altitudMin: 1700,
      altitudMax: 1900,
      variedades: ['Caturra'],
      proceso: 'LAVADO',
      cosecha: '2025-11',
      puntaje: 86,
      humedad: 10.5,
      sacosDisponibles: 20,
      pesoSacoKg: 35,
      loteMinimoSacos: 1,
      precioKg: 18.5,
      moneda: 'USD',
      incoterm: 'FOB',
      desglosePrecio: { precioFinca: 14.26, costosExportacion: 3.5 },
      posicion: 'DISPONIBLE',
      galeriaLote: [{ url: foto.urls.lg, thumb: foto.urls.sm, alt: 'Granos' }],
    }),
  });
  const loteBody = await lote.text();
  check(
    lote.status === 201,
    `a lot published through the proxy (${lote.status}${lote.status === 201 ? '' : `: ${loteBody.slice(0, 300)}`})`,
  );
  const loteId = (JSON.parse(loteBody) as { data: { lote: { id: string } } }).data.lote.id;
  const put = await fetch(`${direct(a)}/api/lotes/${loteId}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ sacosDisponibles: 17 }),
  });
  check(put.status === 200, `the lot changed on replica a (${put.status})`);
  const changedAt = Date.now();
  await waitFor(
    'the change on replica b',
    async () => {
      const res = await fetch(`${direct(b)}/api/lotes/${loteId}`);
      return (
        res.ok &&
        ((await res.json()) as { data: { lote: { sacosDisponibles: number } } }).data.lote.sacosDisponibles === 17
      );
    },
    10_000,
  );
  check(true, `replica b answers the change after ${Date.now() - changedAt} ms`);

  // --- an order through the proxy, confirmed on the other replica, and its contract PDF ------------------------
  const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });
  const post = (url: string, headers: Record<string, string>, body: unknown, method = 'POST') => {
    const { body: text, ...type } = json(body);
    return fetch(url, { method, headers: { ...headers, ...type }, body: text });
  };
  const buyerEmail = `replicas-comprador-${process.pid}@example.com`;
  const regBuyer = await post(
    `${P}/api/auth/register`,
    {},
    {
      email: buyerEmail,
      password: 'tueste-claro-de-altura',
      nombre: 'Prueba',
      apellido: 'Compradora',
      tipoUser: 'COMPRADOR',
    },
  );
  check(regBuyer.status === 201, `a buyer registers through the proxy (${regBuyer.status})`);
  const buyer = { authorization: `Bearer ${((await regBuyer.json()) as { token: string }).token}` };
  const perfilBuyer = await post(`${P}/api/comprador/perfil`, buyer, {
    fechaOrigen: '2016-05-01',
    empresa: 'Tostadores del Puerto',
    tipoComprador: 'TOSTADOR',
    pais: 'ES',
    ciudad: 'Valencia',
  });
  check(perfilBuyer.status < 300, `buyer profile (${perfilBuyer.status})`);
  const direccion = { linea1: 'Calle Mayor 12', ciudad: 'Valencia', region: '', codigoPostal: '46001', pais: 'ES' };
  for (const [who, headers, razonSocial, taxId] of [
    ['buyer', buyer, 'Tostadores del Puerto S.L.', 'B12345678'],
    ['producer', auth, 'Finca Réplicas S.A.S.', '900123456-7'],
  ] as const) {
    const res = await post(
      `${P}/api/users/me/informacion-comercial`,
      headers,
      { razonSocial, taxId, direccionFacturacion: direccion, emailFacturacion: 'facturas@example.com' },
      'PUT',
    );
    check(
      res.status === 200,
      `the ${who}'s commercial details (${res.status}${res.status === 200 ? '' : `: ${(await res.text()).slice(0, 200)}`})`,
    );
  }
  const reserva = await post(
    `${P}/api/pedidos`,
    { ...buyer, 'idempotency-key': crypto.randomUUID() },
    { loteId, sacos: 2 },
  );
  const reservaText = await reserva.text();
  check(
    reserva.status === 201,
    `2 bags reserved through the proxy (${reserva.status}${reserva.status === 201 ? '' : `: ${reservaText.slice(0, 200)}`})`,
  );
  const pedidoId = (JSON.parse(reservaText) as { data: { pedido: { id: string } } }).data.pedido.id;
  const confirmar = await post(`${direct(b)}/api/pedidos/${pedidoId}/acciones`, auth, {
    accion: 'CONFIRMAR',
    desde: 'RESERVADO',
  });
  check(confirmar.status === 200, `the producer confirms it on replica b (${confirmar.status})`);
  const detalle = (await (await fetch(`${direct(a)}/api/pedidos/${pedidoId}`, { headers: buyer })).json()) as {
    data: { pedido: { estado: string }; documentos: { tipo: string; url: string }[] };
  };
  check(
    detalle.data.pedido.estado === 'CONFIRMADO',
    `replica a shows the order confirmed (${detalle.data.pedido.estado})`,
  );
  const contrato = detalle.data.documentos.find((d) => d.tipo === 'CONTRATO');
  check(contrato, 'the order has its contract');
  for (const [who, headers] of [
    ['buyer', buyer],
    ['producer', auth],
  ] as const) {
    for (let i = 0; i < 2; i++) {
      const pdf = await fetch(`${P}${contrato.url}`, { headers });
      const bytes = Buffer.from(await pdf.arrayBuffer());
      if (
        pdf.status !== 200 ||
        pdf.headers.get('content-type') !== 'application/pdf' ||
        bytes.subarray(0, 5).toString() !== '%PDF-'
      )
        throw new ProofError(
          `the contract PDF for the ${who} through the proxy: ${pdf.status} ${pdf.headers.get('content-type')}`,
        );
    }
  }
  check(true, 'both parties read the contract PDF through the proxy (twice each: both replicas)');

  // --- a rolling restart during a bounded client loop: no failed request, no lost write ---------------------
  let stop = false;
  let requests = 0;
  const failures: string[] = [];
  let lastWritten = 0;
  const loop = (async () => {
    let i = 0;
    while (!stop) {
      i++;
      try {
        const read = await fetch(`${P}/api/lotes/${loteId}`);
        requests++;
        if (read.status !== 200) failures.push(`GET lot ${read.status}`);
        if (i % 3 === 0) {
          const sacos = 100 + i;
          const w = await fetch(`${P}/api/lotes/${loteId}`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ sacosDisponibles: sacos }),
          });
          requests++;
          if (w.status === 200) lastWritten = sacos;
          else failures.push(`PUT lot ${w.status}`);
        }
      } catch (err) {
        failures.push(String((err as Error).cause ?? err));
      }
    }
  })();
  for (const r of [a, b]) {
    await sleep(1000);
    const code = await stopReplica(r, 'SIGTERM');
    log(`replica ${r.name} stopped (exit ${code}) during the loop`);
    await sleep(500);
    startReplica(r);
    await waitFor(`replica ${r.name} back`, ready(r.port));
    // nginx tries a replica it saw fail again after fail_timeout (2 s): until then the other one must stay up, as in
    // the rolling restart of docs/deploy.
    await sleep(3000);
    log(`replica ${r.name} restarted`);
  }
  await sleep(1000);
  // One replica dies without warning: the other serves.
  await stopReplica(b, 'SIGKILL');
  log('replica b killed (SIGKILL)');
  await sleep(2000);
  stop = true;
  await loop;
  check(
    failures.length === 0,
    `${requests} requests through the proxy during two restarts and a kill: ${failures.length} failed${failures.length ? ` (${failures.slice(0, 5).join(', ')})` : ''}`,
  );
  const final = (await (await fetch(`${P}/api/lotes/${loteId}`)).json()) as {
    data: { lote: { sacosDisponibles: number } };
  };
  check(
    final.data.lote.sacosDisponibles === lastWritten,
    `no lost write: the lot holds the last accepted change (${lastWritten} bags)`,
  );
  const alone = await Promise.all(Array.from({ length: 10 }, () => fetch(`${P}/api/users/me`, { headers: auth })));
  check(
    alone.every((r) => r.status === 200),
    'with replica b dead, replica a serves every request',
  );

  // --- two releases behind the proxy: every page asset and lazy chunk of each, through both replicas ----------
  check((await buildN1) === 0, 'release N+1 built (the same sources with a new build id)');
  const releases = [
    { name: 'N', web: path.join(root, 'dist/web'), replica: a },
    { name: 'N+1', web: path.join(releaseN1, 'web'), replica: b },
  ];
  b.webDir = releases[1].web;
  startReplica(b);
  await waitFor('replica b on release N+1', ready(b.port));
  // nginx takes the replica it saw die back after fail_timeout (2 s).
  await waitFor(
    'nginx sending to both replicas',
    async () => {
      const seen = new Set<string | null>();
      for (let i = 0; i < 4; i++) seen.add((await fetch(`${P}/api/health`)).headers.get('x-upstream'));
      return seen.size === 2;
    },
    10_000,
  );
  const assetsOf = (web: string) => {
    const html = readFileSync(path.join(web, 'index.html'), 'utf8');
    const page = new Set([...html.matchAll(/\/assets\/([\w.-]+)/g)].map((m) => m[1]));
    const lazy = readdirSync(path.join(web, 'assets')).filter((n) => n.endsWith('.js') && !page.has(n));
    return { page: [...page], lazy };
  };
  const sets = releases.map((r) => ({ ...r, ...assetsOf(r.web) }));
  const own = new Set(sets[0].page.concat(sets[0].lazy));
  const changed = sets[1].page.concat(sets[1].lazy).filter((n) => !own.has(n)).length;
  log(
    `release N: ${sets[0].page.length} page assets, ${sets[0].lazy.length} lazy chunks; N+1: ${sets[1].page.length} and ${sets[1].lazy.length} (${changed} names not in N)`,
  );
  // Each file from each replica, through the proxy.
  const fetchAll = async () => {
    const tally = { page: { failed: 0, total: 0 }, lazy: { failed: 0, total: 0 }, files: 0, onBoth: 0 };
    for (const rel of sets) {
      for (const kind of ['page', 'lazy'] as const) {
        for (const name of rel[kind]) {
          const upstreams = new Set<string>();
          // Twice in a row, once more if nginx sent both to one replica (it had a replica marked down for a moment).
          for (let i = 0; i < 4 && (i < 2 || upstreams.size < 2); i++) {
            const res = await fetch(`${P}/assets/${name}`);
            await res.arrayBuffer();
            tally[kind].total++;
            if (res.status !== 200) tally[kind].failed++;
            upstreams.add(res.headers.get('x-upstream') ?? '');
          }
          tally.files++;
          if (upstreams.size === 2) tally.onBoth++;
        }
      }
    }
    return tally;
  };
  const after = await fetchAll();
  check(
    after.page.failed === 0 && after.lazy.failed === 0 && after.onBoth === after.files,
    `two releases behind the proxy: ${after.page.failed} of ${after.page.total} page-asset and ${after.lazy.failed} of ${after.lazy.total} lazy-chunk fetches failed (each of the ${after.files} files asked of both replicas)`,
  );
  // Before decision 062: each release's files only on its own replicas. The same servers with the shared copies
  // taken out of the bucket.
  let removed = 0;
  for await (const key of bucket.list()) {
    if (key.startsWith('web-assets/')) {
      await bucket.remove(key);
      removed++;
    }
  }
  const before = await fetchAll();
  check(
    before.page.failed > 0 && before.lazy.failed > 0,
    `without the releases' shared copies (${removed} keys taken out): ${before.page.failed} of ${before.page.total} page-asset and ${before.lazy.failed} of ${before.lazy.total} lazy-chunk fetches failed`,
  );
  console.log(
    `  assets in a rollout: before ${before.page.failed} of ${before.page.total} page-asset and ${before.lazy.failed} of ${before.lazy.total} lazy-chunk fetches failed; after ${after.page.failed} of ${after.page.total} and ${after.lazy.failed} of ${after.lazy.total}`,
  );
} catch (err) {
  failed = true;
  console.error(`replicas proof FAILED: ${err instanceof ProofError ? err.message : (err as Error).stack}`);
  for (const name of ['a.log', 'b.log', 'nginx-error.log']) {
    const f = path.join(tmp, name);
    if (existsSync(f)) console.error(`--- ${name}\n${readFileSync(f, 'utf8').split('\n').slice(-30).join('\n')}`);
  }
} finally {
  nginx?.kill('SIGQUIT');
  for (const c of children) c.kill('SIGKILL');
  await sleep(300);
  bucket.close();
  await s3.close();
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
  rmSync(releaseN1, { recursive: true, force: true });
}
console.log(`replicas proof: ${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
