import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PAISES } from './src/contract/lotes-codes.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/*
 * The browser's chunks, planned for the public pages (docs/decisions/014). Left to itself the bundler made a
 * chunk per set of importers: /lotes loaded 22 scripts, each one a request (HTTP/1.1, six at a time), a
 * modulepreload link to insert and a module to evaluate. Now a public page loads about seven:
 *   index (the entry) · react (React DOM) · router · app (what boot.tsx needs: the shell, the route table,
 *   React Query) · public (what most public pages share: header, footer, cards, formats…) · the page,
 *   and a chunk or two shared with a sibling page.
 * The plan is read from the module graph, not from a list: `app` is boot.tsx's static imports, `public` the
 * static imports that three or more of the modules in src/web/app/public-routes.tsx have in common (pages and
 * layouts alike: the header is imported by the three layouts, the lot card by four pages), and the layouts
 * that bring nothing else.
 * Code that only two of them share (the favourite button: /lotes and /lote) gets a chunk of its own, as
 * before, so that no page loads another family's code. Dashboard code never lands in `app` or `public`
 * unless a public page imports it.
 */
const ENTRY = path.resolve('src/web/main.tsx');
const BOOT = path.resolve('src/web/app/boot.tsx');
const PUBLIC_ROUTES = path.resolve('src/web/app/public-routes.tsx');

function chunkPlan(): {
  plugin: Plugin;
  entry: Set<string>;
  app: Set<string>;
  publicShared: Set<string>;
  anyPublic: Set<string>;
} {
  const entry = new Set<string>();
  const anyPublic = new Set<string>();
  const app = new Set<string>();
  const publicShared = new Set<string>();
  const plugin: Plugin = {
    name: 'cereza-chunk-plan',
    apply: 'build',
    buildEnd() {
      const closure = (start: string, into = new Set<string>(), dynamic = false) => {
        const stack = [start];
        while (stack.length) {
          const id = stack.pop()!;
          const info = this.getModuleInfo(id);
          if (!info || into.has(id)) continue;
          into.add(id);
          stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
        }
        return into;
      };
      if (!this.getModuleInfo(BOOT)) return; // the server-rendering build: one bundle for Node, no plan
      // What the entry itself imports (the chunk-failure reload, the preload helper) is a group of its own:
      // pulled into `app` as a dependency of boot.tsx, it made the entry import `app`, and with it React and
      // the router, all evaluated in one long task.
      closure(ENTRY, entry);
      for (const id of closure(BOOT)) if (!entry.has(id)) app.add(id);
      const pages = this.getModuleInfo(PUBLIC_ROUTES)?.dynamicallyImportedIds ?? [];
      if (!pages.length) this.error(`${PUBLIC_ROUTES} imports no page: the chunk plan needs the public routes`);
      const users = new Map<string, number>();
      for (const page of pages) {
        for (const id of closure(page)) if (!app.has(id) && !entry.has(id)) users.set(id, (users.get(id) ?? 0) + 1);
        // With what the page loads later (its static parts' code): none of it is the dashboards'.
        for (const id of closure(page, new Set(), true)) anyPublic.add(id);
      }
      // Icons are a few hundred bytes each: all the public pages' icons ride along, rather than one request
      // per icon that some dashboard also uses.
      for (const [id, n] of users) if (n >= 3 || /node_modules[\\/]lucide-react/.test(id)) publicShared.add(id);
      // A layout wraps many pages: it joins them when all the code it brings is there already (the default
      // layout: the header and footer), so that it is not one more request of a few hundred bytes.
      for (const layout of pages.filter((p) => p.includes(`${path.sep}layouts${path.sep}`))) {
        const own = [...closure(layout)].filter((id) => id !== layout && !id.includes('node_modules'));
        if (own.every((id) => publicShared.has(id) || app.has(id))) publicShared.add(layout);
      }
    },
  };
  return { plugin, entry, app, publicShared, anyPublic };
}

/**
 * `import { Menu, X } from 'lucide-react'` becomes one import per icon file (`lucide-react/icons/menu`), so
 * that the module graph shows which icons each module uses: the chunk plan then puts a public page's icons
 * with its code, and the dashboards' icons stay with the dashboards. (Through the package's index every icon
 * module looked used by every importer.) The names come from that index, aliases included.
 */
function iconImports(): Plugin {
  let files: Map<string, string> | undefined;
  const readIndex = () => {
    const index = readFileSync(
      createRequire(import.meta.url)
        .resolve('lucide-react')
        .replace(/cjs[\\/]lucide-react\.js$/, 'esm/lucide-react.mjs'),
      'utf8',
    );
    const map = new Map<string, string>();
    for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
      for (const [, name] of names.matchAll(/default as (\w+)/g)) map.set(name, `lucide-react/icons/${file}`);
    }
    if (map.size < 1000)
      throw new Error(`lucide-react: read ${map.size} icon names from its index, expected well over 1000`);
    return map;
  };
  return {
    name: 'cereza-icon-imports',
    // The dev server pre-bundles the package's index once; per-icon imports would each be a new dependency.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes("from 'lucide-react'")) return;
      files ??= readIndex();
      const icons = files;
      return code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (statement, list: string) => {
        const kept: string[] = [];
        const lines: string[] = [];
        for (const spec of list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/);
          const file = icons.get(name);
          if (file && !name.startsWith('type ')) lines.push(`import ${local} from '${file}';`);
          else kept.push(spec);
        }
        if (kept.length) lines.push(`import { ${kept.join(', ')} } from 'lucide-react';`);
        // One line, as the statement was one: the lines below keep their numbers.
        return lines.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
    },
  };
}

/** A country's SVG in the flag-icons package (4:3). */
export const flagFile = (code: string) =>
  path.resolve(import.meta.dirname, 'node_modules/flag-icons/flags/4x3', `${code.toLowerCase()}.svg`);

/**
 * The flags (issue 32) as static files at /flags/<code>.svg: the flag-icons package's SVGs of the countries the app
 * names (contract/lotes-codes PAISES), emitted into the browser build and served by the dev server. No script and no
 * CSS of the package reach the pages.
 */
function flagIcons(): Plugin {
  return {
    name: 'cereza-flags',
    configureServer(server) {
      server.middlewares.use('/flags', (req, res, next) => {
        const m = /^\/([a-z]{2})\.svg$/.exec(req.url ?? '');
        if (!m || !PAISES.some((p) => p.code.toLowerCase() === m[1])) return next();
        res.setHeader('content-type', 'image/svg+xml');
        res.end(readFileSync(flagFile(m[1])));
      });
    },
    generateBundle() {
      if (this.environment?.config.build.ssr) return;
      for (const p of PAISES) {
        this.emitFile({
          type: 'asset',
          fileName: `flags/${p.code.toLowerCase()}.svg`,
          source: readFileSync(flagFile(p.code)),
        });
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => {
  const plan = chunkPlan();
  return {
    root: '.',
    publicDir: 'public',
    plugins: [iconImports(), react(), tailwindcss(), plan.plugin, flagIcons()],
    build: {
      outDir: process.env.WEB_OUT_DIR ?? 'dist/web',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      assetsInlineLimit: 2048,
      // The server-rendering bundle (scripts/build.mjs) needs no copy of public/.
      copyPublicDir: !isSsrBuild,
      // scripts/build.mjs reads it to preload the chunks the entry imports dynamically, then deletes it.
      manifest: !isSsrBuild,
      rolldownOptions: {
        output: {
          codeSplitting: isSsrBuild
            ? undefined
            : {
                groups: [
                  {
                    name: 'entry',
                    test: (id: string) => (plan.entry.has(id) && id !== ENTRY) || id.includes('rolldown/runtime'),
                    priority: 50,
                  },
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
                  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
                  { name: 'app', test: (id: string) => plan.app.has(id), priority: 20 },
                  { name: 'public', test: (id: string) => plan.publicShared.has(id), priority: 10 },
                  // The dashboards' icons in one chunk instead of one request each. A public page's icons are
                  // with its code (above, or in its own chunk): it never loads the dashboards' icons.
                  {
                    name: 'iconos',
                    test: (id: string) => /node_modules[\\/]lucide-react/.test(id) && !plan.anyPublic.has(id),
                    priority: 5,
                  },
                ],
              },
        },
      },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': apiTarget,
        '/uploads': apiTarget,
      },
    },
  };
});
