import { config } from 'zod/v4/core';

/*
 * zod probes once whether it may compile fast parsers with `new Function`. Our CSP has no 'unsafe-eval', so the
 * probe is refused and the browser reports a script-src violation on every page that validates a form (the
 * dashboards), even though zod catches the error. Parsing without JIT skips the probe; forms are small and parse
 * as fast either way. The server, which has no CSP, keeps zod's default.
 */
config({ jitless: true });
