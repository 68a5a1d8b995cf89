import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { fastifyTrustProxy, tileHost, type AppConfig } from './config';
import { ERRORS } from '../contract/errors';
import type { Database, Db } from './db/client';
import { serializeErrorForLog } from './db/errors';
import { TokenService } from './auth/tokens';
import { loadSharedSecret, SHARED_SECRET_BYTES } from './auth/shared-secret';
import { contentTypeOf, isPrivateKey, isSafeKey, LocalStorage, type Storage } from './storage/index';
import { createStorage } from './storage/create';
import { S3Storage } from './storage/s3';
import { registerWebAssetFallback } from './storage/web-assets';
import { UrlSigner } from './storage/signed';
import { registerOwnImagesCheck } from './plugins/own-images';
import { registerPrivateFileLinks } from './plugins/private-files';
import { archivosRoutes } from './modules/archivos/routes';
import { requestIdGenerator } from './lib/request-id';
import { registerMetrics } from './metrics';
import { registerErrorHandler } from './plugins/error-handler';
import { registerConnectionLimit, slowClientOptions } from './plugins/slow-clients';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSchemaCompilers } from './plugins/schemas';
import { registerStorableTextCheck } from './plugins/storable-text';
import { registerCompression } from './plugins/compression';
import { registerSharedRateLimit } from './plugins/shared-rate-limit';
import { createPageRenderer, isRenderCall, type SsrModule } from './ssr';
import { healthRoutes } from './modules/health/routes';
import { authRoutes } from './modules/auth/routes';
import { usersRoutes } from './modules/users/routes';
import { perfilesRoutes } from './modules/perfiles/routes';
import { lotesRoutes } from './modules/lotes/routes';
import { ofertaRoutes } from './modules/oferta/routes';
import { busquedasRoutes } from './modules/busquedas/routes';
import { favoritosRoutes } from './modules/favoritos/routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { productoresRoutes } from './modules/productores/routes';
import { noticiasRoutes } from './modules/noticias/routes';
import { blogRoutes } from './modules/blog/routes';
import { notificacionesRoutes } from './modules/notificaciones/routes';
import { muestrasRoutes } from './modules/muestras/routes';
import { pedidosRoutes } from './modules/pedidos/routes';
import { laboratorioRoutes } from './modules/laboratorio/routes';
import { ajustesRoutes } from './modules/ajustes/routes';
import { operadorRoutes } from './modules/operador/routes';
import { verificacionRoutes } from './modules/operador/verificacion-routes';
import { cobrosRoutes } from './modules/cobros/routes';
import { mensajesRoutes } from './modules/mensajes/routes';
import { facturasRoutes } from './modules/facturas/routes';
import { fincasRoutes } from './modules/fincas/routes';
import { eudrRoutes } from './modules/eudr/routes';
import { solicitudesRoutes } from './modules/solicitudes/routes';
import { planificadoresRoutes } from './modules/planificadores/routes';
import { liquidacionesRoutes } from './modules/liquidaciones';
import { systemClock, type Clock } from './clock';
import { Scheduler } from './scheduler';
import { createMailer, type Mailer } from './mail/mailer';
import { OUTBOX_CHANNEL, OUTBOX_TASK, Outbox } from './mail/outbox';
import { scheduledTasks, wireTradeReactions } from './composition';
import { EventBus } from './events';
import { AppCache, invalidateOnEvents } from './cache';
import { CatalogoIndex } from './modules/lotes/catalogo';
import { refreshStaleSearchTexts } from './modules/lotes/service';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    tokens: TokenService;
    storage: Storage;
    /** Signs and checks the short-lived links of private files (src/server/storage/signed.ts). */
    urlSigner: UrlSigner;
    /** "Now" for due times, expiry and retries; tests pass a ManualClock. */
    clock: Clock;
    /** Due work: features register tasks (src/server/scheduler.ts); main.ts starts it. */
    scheduler: Scheduler;
    /** The e-mail outbox: features register renderers for the mails they queue with enqueueMail(). */
    outbox: Outbox;
    mailer: Mailer;
    /** Domain events (`lote.cambiado`…), heard by every process: src/server/events.ts. */
    events: EventBus;
    /** The one cache, invalidated by those events: src/server/cache.ts. */
    cache: AppCache;
    /** The public catalogue in memory, kept current by those events: modules/lotes/catalogo.ts. */
    catalogo: CatalogoIndex;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  storage?: Storage;
  /** Server rendering of the public pages (see ./ssr.ts); without it every page is rendered in the browser. */
  ssr?: SsrModule;
  clock?: Clock;
  /** Default: SMTP when config.mail.smtpUrl is set, else .eml files in config.mail.dir. */
  mailer?: Mailer;
  /** Sees every route as it is registered (tests read what is declared and what checks its answer). */
  onRoute?: onRouteHookHandler;
}

/** Never log secrets: passwords, tokens and Google credentials are censored wherever they appear. */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    '*.password',
    '*.passwordActual',
    '*.token',
    '*.credential',
    '*.refreshedToken',
    'body.password',
    'body.credential',
  ],
  censor: '[oculto]',
};

/** E-mailed links carry their token in the query (`/Auth/Restablecer?token=…`): it never reaches the log. */
export function hideUrlSecrets(url: string): string {
  return url.replace(/([?&](?:token|credential)=)[^&#]*/gi, '$1[oculto]');
}

/** The request as it is logged: Fastify's default fields, with secrets in the query hidden. */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: hideUrlSecrets(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/** Whatever logger the caller gives, errors are serialized without a failed query's values. */
function withSafeErrors(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: serializeErrorForLog } };
}

/**
 * What the router refuses before any route runs: a path parameter longer than it keeps (100 characters) or a
 * malformed %-escape. Fastify answered them itself, 414 or 400 in English and outside our error shape; such a path
 * names nothing that exists, so it is the same Spanish 404 as a malformed id (issue 26, found by
 * write-routes.fuzz.test.ts).
 */
function answerRouterError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ success: false, error: { code: 'NOT_FOUND', message: ERRORS.NOT_FOUND } });
}

/** How long one plugin or onReady hook may take before the start is given up (Fastify's default is 10 s). */
export const PLUGIN_TIMEOUT_MS = 120_000;

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: withSafeErrors(opts.logger),
    // The page's own request is logged; the API calls made in-process to render it are not.
    logController: new LogController({ disableRequestLogging: isRenderCall }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...slowClientOptions(config),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerRouterError,
    // Fastify gives each plugin and each onReady hook 10 s, then exits. Getting ready reads the whole catalogue into
    // memory and brings search texts up to date; on a busy host (or a big catalogue) that took longer and the server
    // quit during start-up instead of starting late. A start that is slow is still a start: two minutes.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // Without JWT_SECRET on PostgreSQL every process signs with the key the database keeps (docs/decisions/041). It
  // is read when the app is ready (main.ts migrates first); until then the key is random bytes of this process
  // alone, so nothing signed before could pass anywhere else.
  const jwtKey = config.jwtSecret ?? new Uint8Array(randomBytes(SHARED_SECRET_BYTES));
  app.decorate('tokens', new TokenService(jwtKey));
  if (!config.jwtSecret) {
    app.addHook('onReady', async () => {
      jwtKey.set(await loadSharedSecret(database.db));
    });
  }
  app.decorate('storage', opts.storage ?? createStorage(config));
  if (!opts.storage && app.storage instanceof S3Storage) {
    const s3 = app.storage;
    app.addHook('onClose', async () => s3.close());
  }
  app.decorate('urlSigner', new UrlSigner(jwtKey));
  registerBackgroundWork(app, opts);
  registerCaches(app, database);
  registerMetrics(app);

  registerGracefulClose(app);
  registerPrivateAnswers(app);
  // The request's id goes back in every answer: a user's report or a proxy's log line finds the server's log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerConnectionLimit(app, config);
  registerSchemaCompilers(app);
  registerStorableTextCheck(app);
  registerOwnImagesCheck(app);
  registerPrivateFileLinks(app);
  registerCompression(app);

  const indexHtml = readIndexHtml(config.webDir);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // The colour-mode script runs inline before first paint (no flash, no extra request): allowed by its hash.
        scriptSrc: ["'self'", `${GOOGLE_GSI}client`, ...inlineScriptHashes(indexHtml)],
        styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE_GSI}style`],
        // The plots' map tiles come from the configured tile server (a data: template needs nothing more).
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https://*.googleusercontent.com',
          ...[tileHost(config.mapa.teselas)].filter((h): h is string => h !== null),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", GOOGLE_GSI],
        frameSrc: [GOOGLE_GSI],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // Google's sign-in popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });

  await registerSharedRateLimit(app, { db: database.db, redis: config.redis });

  // Responses of authenticated calls carry a renewed token when the old one is close to expiry.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.refreshedToken || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    reply.header('x-refreshed-token', request.refreshedToken);
    const out: Record<string, unknown> = {
      ...(payload as Record<string, unknown>),
      refreshedToken: request.refreshedToken,
    };
    const data = out.data;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      out.data = { ...(data as Record<string, unknown>), refreshedToken: request.refreshedToken };
    }
    return out;
  });

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(perfilesRoutes);
      await api.register(lotesRoutes);
      await api.register(ofertaRoutes);
      await api.register(busquedasRoutes);
      await api.register(favoritosRoutes);
      await api.register(uploadsRoutes);
      await api.register(archivosRoutes);
      await api.register(productoresRoutes);
      await api.register(noticiasRoutes);
      await api.register(blogRoutes);
      await api.register(notificacionesRoutes);
      await api.register(muestrasRoutes);
      await api.register(pedidosRoutes);
      await api.register(laboratorioRoutes);
      await api.register(ajustesRoutes);
      await api.register(operadorRoutes);
      await api.register(verificacionRoutes);
      await api.register(cobrosRoutes);
      await api.register(mensajesRoutes);
      await api.register(facturasRoutes);
      await api.register(fincasRoutes);
      await api.register(eudrRoutes);
      await api.register(solicitudesRoutes);
      await api.register(planificadoresRoutes);
      // After facturasRoutes: its order hooks must run before the payouts' ones.
      await api.register(liquidacionesRoutes);
    },
    { prefix: '/api' },
  );

  await registerStatic(app, config, indexHtml, opts.ssr);
  return app;
}

/**
 * The clock, the scheduler and the e-mail outbox. The outbox is delivered when a transaction that queued mail
 * commits (NOTIFY, to every process) and by the scheduler's sweep; closing the app stops both and waits for the
 * message in hand. The scheduler's timer itself is started by main.ts (tests run due work by hand).
 */
function registerBackgroundWork(app: FastifyInstance, opts: BuildAppOptions) {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('mailer', opts.mailer ?? createMailer(config.mail, app.log));
  app.decorate('scheduler', new Scheduler({ db: database.db, clock, log: app.log }));
  app.decorate(
    'outbox',
    new Outbox({ db: database.db, mailer: app.mailer, clock, log: app.log, publicUrl: config.publicUrl }),
  );

  for (const task of scheduledTasks(app)) app.scheduler.register(task);
  wireTradeReactions();

  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await database.listen(OUTBOX_CHANNEL, () => app.scheduler.kick(OUTBOX_TASK));
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
    await app.scheduler.stop();
    await app.mailer.close();
  });
}

/**
 * The domain events, the cache and the catalogue index (docs/decisions/007). At start-up the app listens for
 * events, then loads the catalogue (the SQL path answers until it is loaded); closing stops listening.
 */
function registerCaches(app: FastifyInstance, database: Database) {
  database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost'));
  app.decorate('events', new EventBus(app.log));
  app.decorate('cache', new AppCache({ settle: () => app.events.settle() }));
  app.decorate('catalogo', new CatalogoIndex(database.db, app.events, app.log));
  invalidateOnEvents(app.cache, app.events);
  // Events sent while the listening connection was down never arrive: drop every cached answer and reload the
  // catalogue (queued behind the events, so nothing heard meanwhile is lost either).
  app.events.onResync(async () => {
    app.cache.invalidateAll();
    await app.catalogo.load();
  });
  app.addHook('onReady', async () => {
    await app.events.start(database);
    // Search texts written by an older version lack the words added since (issue 32): brought up to date first.
    await refreshStaleSearchTexts(database.db).then(
      (lotes) => lotes && app.log.info({ lotes }, 'search texts brought up to date'),
      (err: unknown) => app.log.error({ err }, 'search texts not brought up to date'),
    );
    // A catalogue that cannot be read into memory is served by SQL (slower, still right): not a reason to stay down.
    await app.catalogo.load().catch((err: unknown) => app.log.error({ err }, 'catalogue index not loaded'));
  });
  app.addHook('onClose', async () => {
    await app.events.stop();
  });
}

/**
 * Shutdown with keep-alive clients (every browser): once close() starts, every answer still going out says
 * `Connection: close` and its socket is closed as soon as it is idle, so the server stops within moments instead of
 * waiting out the keep-alive timeout (72 s) with sockets that carry no request (docs: README, "Production").
 */
function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  const closeIdle = () => {
    if (app.server.listening || closing) app.server.closeIdleConnections?.();
  };
  app.addHook('preClose', async () => {
    closing = true;
    closeIdle();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    // A response that went out before close() began left its socket open and idle.
    if (closing) setImmediate(closeIdle);
  });
}

/**
 * An answer to a request that carries a session is the user's own: no browser or proxy cache keeps it
 * (`private, no-store`, whatever the route set), so it cannot be read back after sign-out on a shared computer.
 */
function registerPrivateAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.user || request.headers.authorization) && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'private, no-store');
    }
    return payload;
  });
}

function readIndexHtml(webDir?: string): Buffer | undefined {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  return indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;
}

/** CSP hashes of the inline <script> blocks of index.html. */
export function inlineScriptHashes(html: Buffer | string | undefined): string[] {
  if (!html) return [];
  const hashes: string[] = [];
  for (const m of html.toString().matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1].trim()) hashes.push(`'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Public images at /uploads/<key>: server-chosen, never reused names, cached for a year. From DATA_DIR's folder
 * they are served as files; from a bucket, read through the store (the bucket itself stays private). PDFs and
 * private keys are never served here: they are read through /api/archivos with a party's signed link.
 */
async function registerUploads(app: FastifyInstance) {
  const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' };
  if (app.storage instanceof LocalStorage) {
    await app.register(fastifyStatic, {
      root: app.storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // PDFs stored here before private files existed are private too (src/server/storage/signed.ts).
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.pdf'),
      setHeaders: (res) => {
        for (const [name, value] of Object.entries(cacheHeaders)) res.header(name, value);
      },
    });
    return;
  }
  const storage = app.storage;
  const notFound = { success: false as const, error: { code: 'NOT_FOUND', message: ERRORS.NOT_FOUND } };
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    if (!isSafeKey(key) || isPrivateKey(key) || key.toLowerCase().endsWith('.pdf')) {
      return reply.status(404).send(notFound);
    }
    const data = await storage.get(key);
    if (!data) return reply.status(404).send(notFound);
    const etag = `"${createHash('sha1').update(data).digest('base64url')}"`;
    reply.headers({ ...cacheHeaders, etag }).type(contentTypeOf(key));
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(data);
  });
}

async function registerStatic(app: FastifyInstance, config: AppConfig, indexHtml: Buffer | undefined, ssr?: SsrModule) {
  await registerUploads(app);

  const webDir = config.webDir;

  if (webDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      // One route per built file, found at start-up: any other path goes straight to the page handler, with
      // no file-system lookup per page request.
      wildcard: false,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDir, filePath);
        // Hashed file names change with their content: cache them for a year.
        // The flags (issue 32) change only with the flag-icons package: a day, then revalidated.
        res.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : rel.startsWith(`flags${path.sep}`)
              ? 'public, max-age=86400'
              : 'no-cache',
        );
      },
      preCompressed: true,
    });
  }

  // Another release's hashed files, from the shared store (a rollout runs two releases side by side).
  registerWebAssetFallback(app);

  const notFoundBody = (api: boolean) => ({
    success: false as const,
    error: api
      ? { code: 'ROUTE_NOT_FOUND', message: ERRORS.ROUTE_NOT_FOUND }
      : { code: 'NOT_FOUND', message: ERRORS.NOT_FOUND },
  });

  // A lot's page is kept by the lot's version in the catalogue index (docs/decisions/040): the version changes when
  // the lot's change event has been handled, so a change shows on the page exactly when it shows in the API.
  const lotePage = /^\/lote\/([0-9a-f-]{36})$/;
  const renderPage =
    ssr && indexHtml
      ? createPageRenderer(app, ssr, indexHtml.toString(), async (url) => {
          const id = lotePage.exec(url)?.[1];
          const version = id === undefined ? undefined : await app.catalogo.loteVersion(id);
          return version === undefined ? undefined : String(version);
        })
      : undefined;

  // Unknown /api paths answer JSON; any other GET is a client route: a public page is rendered on the
  // server (HTML first, then hydrated); the rest answer the SPA's index.html.
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    const isFile = url.startsWith('/uploads/') || url.startsWith('/assets/');
    if (isApi || isFile || !indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(isApi));
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (renderPage) {
      try {
        // og:url and every absolute URL of the page come from PUBLIC_URL: the Host header is the client's to forge.
        const page = await renderPage(request.url, app.config.publicUrl);
        if (page) {
          reply.header('etag', page.etag);
          if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
          return reply.status(page.status).send(page.body);
        }
      } catch (err) {
        // The browser can still render the page itself: a failed server render is logged, never a 500.
        request.log.error({ err, url: request.url }, 'server rendering failed');
      }
    }
    return reply.send(indexHtml);
  };
  app.setNotFoundHandler(servePage);
  // The home page by its own route: the static files' handler would answer "/" (a folder) with a 403.
  if (indexHtml) app.get('/', servePage);
}
