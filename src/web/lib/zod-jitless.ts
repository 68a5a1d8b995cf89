/*
 * zod probes once whether it may compile fast parsers with `new Function`. Our CSP has no 'unsafe-eval', so the
 * probe is refused and the browser reports a script-src violation on every page that validates a form (the
 * dashboards), even though zod catches the error. Parsing without JIT skips the probe; forms are small and parse
 * as fast either way. The server, which has no CSP, keeps zod's default.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig` (shared by every copy of zod on the page) and
 * reads it when it parses: setting it here, before any form, needs no import of zod, which would move zod's
 * core into the first chunk of every public page (about 19 KB over their budget).
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
