// ESLint for the whole tree: TypeScript rules, React hooks, and the house style's import boundaries as rules
// (the way Bulletproof React enforces them). Setup and reasons: docs/decisions/009-lint-y-formato.md.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, tseslint } from 'cereza-eslint-typescript';

// Every folder in src/web/features is a feature, including the ones added later.
const features = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Every folder in src/server/modules is a server module, including the ones added later.
const serverModules = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The walls between server modules (issue 27, docs/decisions/074-puertas-de-los-modulos.md): a module reaches
 * another only through its door, `modules/<other>/index.ts`. A test may also use another module's
 * `test-fixtures.ts` (the builders the other module's tests share); production code may not.
 */
function moduleDoors({ fixtures }) {
  return serverModules.map((name) => ({
    target: `./src/server/modules/${name}`,
    from: './src/server/modules',
    except: [
      `./${name}`,
      ...serverModules
        .filter((other) => other !== name)
        .flatMap((other) => [`./${other}/index.ts`, ...(fixtures ? [`./${other}/test-fixtures.ts`] : [])]),
    ],
    message: fixtures
      ? 'A test reaches another server module through its door (index.ts) or its test-fixtures.ts (decision 074).'
      : 'Another server module is reached through its door, modules/<other>/index.ts: export what you need there (decision 074).',
  }));
}

/**
 * Whose tables are whose (issue 27, decision 074 "Tables"): `src/server/db/schema/<file>.ts` is imported by the
 * modules that own it and by no other, except the pairs in SCHEMA_READERS. A file whose tables belong to several
 * modules lists them all. Files not listed here are shared below every module (the lifecycle's `eventos`, the
 * idempotency keys, the scheduler's and the request limits' tables, the relations and column helpers). The index
 * (`db/schema`) is for drizzle-kit and the client, not for modules. Tests are outside these zones: they read any table
 * to assert what was stored.
 */
export const SCHEMA_OWNERS = {
  abastecimiento: ['solicitudes', 'fincas', 'planificadores'], // one file, three areas: requests, farms, plans
  ajustes: ['ajustes'],
  auth: ['auth'],
  busquedas: ['busquedas'],
  cobros: ['cobros'],
  eudr: ['eudr'],
  facturas: ['facturas'],
  favoritos: ['favoritos'],
  imagenes: ['uploads'],
  liquidaciones: ['liquidaciones'],
  lotes: ['lotes'],
  mensajes: ['mensajes'],
  muestras: ['muestras'],
  noticias: ['noticias'],
  notificaciones: ['notificaciones'],
  operador: ['operador', 'auditoria'], // the audit log moved to modules/auditoria, its table stayed in this file
  pedidos: ['pedidos'],
  reclamos: ['pedidos'], // a claim's contributions: modules/pedidos/reclamo-aportes.ts
  'tokens-cuenta': ['auth'],
  // The account row has two halves: the person and profile (users, perfiles) and the credentials (auth: sign-up, the
  // e-mail's confirmation, the password, the Google link, the second factor; decision 074, "The account row").
  users: ['users', 'perfiles', 'auth'],
};

/**
 * Today's cross-module imports of tables, each with its reason: [module, schema file, why]. WRITE marks a module that
 * inserts, updates or deletes another's rows; those are the ones to move behind the owner's door first (decision 074).
 * A new pair is a decision: prefer a function on the owner's door.
 */
export const SCHEMA_READERS = [
  ['busquedas', 'users', "the digest's recipient"],
  ['cobros', 'facturas', 'a bank credit is matched to the invoice it pays'],
  ['cobros', 'pedidos', 'a bank credit is matched to the order it pays (cobros and pedidos, decision 074)'],
  ['cobros', 'users', "names on the statement's lines and the demo data"],
  ['eudr', 'abastecimiento', 'the farms, plots and evidence exported for the due diligence'],
  ['eudr', 'lotes', 'the lot the export is about'],
  ['eudr', 'pedidos', 'the order exported, with its due-diligence reference (pedidos/dds.ts records it)'],
  ['eudr', 'users', 'the producer named in the export'],
  ['facturas', 'lotes', "an invoice line's lot"],
  ['facturas', 'muestras', 'sample fees and the cupping they paid for'],
  ['facturas', 'pedidos', 'the order an invoice is issued for'],
  ['facturas', 'users', 'the parties printed on an invoice'],
  ['favoritos', 'lotes', 'the saved lot'],
  ['favoritos', 'users', "the buyer described to a lot's producer"],
  ['fincas', 'imagenes', "a farm's evidence files"],
  ['fincas', 'lotes', "the lots a farm's coffee is in"],
  ['fincas', 'pedidos', 'a plot an order was bought with cannot be removed (decision 068)'],
  ['fincas', 'users', "the producer's profile the farms belong to"],
  ['laboratorio', 'lotes', 'the lots waiting for the lab'],
  ['laboratorio', 'muestras', "the lab's own cuppings (catas without a sample); it records them through the door"],
  ['laboratorio', 'users', "the producer told of a result; a lab account is written through users' door"],
  ['liquidaciones', 'facturas', 'what a producer is owed comes from paid invoices'],
  ['liquidaciones', 'pedidos', 'the order each amount owed is for'],
  ['lotes', 'abastecimiento', "a lot's farms and the answers it was proposed in"],
  ['lotes', 'eudr', "the country risk shown on a lot's plots"],
  ['lotes', 'muestras', 'a lot with samples or cuppings is retired, not deleted'],
  ['lotes', 'pedidos', 'a lot with orders is retired, not deleted'],
  ['lotes', 'users', "the producer's name on a lot"],
  ['mensajes', 'imagenes', 'attachments'],
  ['mensajes', 'lotes', 'the lot a conversation is about'],
  ['mensajes', 'muestras', 'the sample a conversation is about'],
  ['mensajes', 'users', 'the names in a conversation'],
  ['muestras', 'lotes', 'the lot a sample is of'],
  ['muestras', 'pedidos', 'the feedback debt counts orders'],
  ['muestras', 'users', 'the parties of a sample'],
  ['noticias', 'notificaciones', 'followers already told'],
  ['noticias', 'users', "the producer's name on a news item"],
  ['notificaciones', 'users', 'the recipient of a mail'],
  ['operador', 'imagenes', 'KYB documents'],
  ['operador', 'lotes', "the back office's lots; hiding and showing them goes through lotes' door"],
  ['operador', 'mensajes', 'the reports and the messages around them (closing one goes through the door)'],
  ['operador', 'muestras', "the back office's summary"],
  ['operador', 'pedidos', "the back office's summary and claims"],
  ['operador', 'users', "the back office's accounts; suspending, verifying and creating one go through users' door"],
  ['pedidos', 'imagenes', "a claim's photos and shipping documents"],
  ['pedidos', 'lotes', "the lot of an order; its bags move through lotes' door (reservarSacos, liberarSacos…)"],
  ['pedidos', 'muestras', 'the sample an order came from'],
  ['pedidos', 'users', 'the parties of an order'],
  ['planificadores', 'pedidos', "the orders in a plan's lines; linking one goes through pedidos' door"],
  ['productores', 'lotes', "a producer's public lots"],
  ['productores', 'users', "a producer's public profile"],
  ['solicitudes', 'lotes', "an answer's lot; a proposal without one gets a private lot through lotes' door (039)"],
  ['solicitudes', 'users', 'the parties of a request'],
  // Deleting an account (users/delete-cuenta.ts) looks for open trade and for the stored files nothing kept shows; each
  // area forgets the account's rows through its own door (forgetFavoritosOf, forgetParticipante…, decision 046).
  ['users', 'abastecimiento', 'deleting an account first looks for open requests and answers (decision 046)'],
  ['users', 'imagenes', "deleting an account finds the account's stored images (uploads' door deletes them)"],
  ['users', 'mensajes', 'deleting an account keeps the files a message still shows'],
  ...['lotes', 'muestras', 'pedidos', 'reclamos'].map((file) => [
    'users',
    file,
    'deleting an account first looks for open trade (decision 046)',
  ]),
];

/** Schema files below every module; a new schema file must be named in SCHEMA_OWNERS or here. */
const SHARED_SCHEMA = ['eventos', 'idempotencia', 'tareas', 'limites', 'relations', 'columns', 'index'];
for (const f of readdirSync(new URL('./src/server/db/schema', import.meta.url))) {
  const file = f.replace(/\.ts$/, '');
  if (!(file in SCHEMA_OWNERS) && !SHARED_SCHEMA.includes(file)) {
    throw new Error(`eslint.config.js: say which modules own src/server/db/schema/${f} (SCHEMA_OWNERS)`);
  }
}

function tableZones() {
  return serverModules.map((name) => {
    const mayImport = (file) =>
      SCHEMA_OWNERS[file].includes(name) || SCHEMA_READERS.some(([m, f]) => m === name && f === file);
    return {
      target: `./src/server/modules/${name}`,
      from: [
        './src/server/db/schema/index.ts',
        ...Object.keys(SCHEMA_OWNERS)
          .filter((file) => !mayImport(file))
          .map((file) => `./src/server/db/schema/${file}.ts`),
      ],
      message:
        "A module imports only its own tables, db/schema/<file>.ts (not the index): reach another module's rows through its door, or add a commented pair to SCHEMA_READERS in eslint.config.js (decision 074).",
    };
  });
}
const serverTestFiles = ['src/server/modules/**/*.test.ts', 'src/server/modules/*/test-fixtures.ts'];

const SHARED_WEB = ['./src/web/components', './src/web/lib'];
const WEB_SHELL = ['./src/web/app', './src/web/routes', './src/web/ssr', './src/web/main.tsx'];

/** Who may import whom. `from` paths are what `target` may not import; `except` is relative to `from`. */
/**
 * Decision 010's naming rule as a pattern: a declared identifier may not start with a Spanish technical verb (after
 * an optional `use`/`Use`). The trade's own acts (reservar, enviar, emitir, aceptar…) are not in the list.
 */
export const SPANISH_TECHNICAL_VERBS = [
  'crear',
  'actualizar',
  'eliminar',
  'listar',
  'obtener',
  'leer',
  'guardar',
  'cargar',
  'mostrar',
  'buscar',
  'subir',
  'descargar',
  'calcular',
  'recalcular',
  'generar',
  'validar',
  'agregar',
  'quitar',
  'cambiar',
  'marcar',
  'mover',
  'escribir',
  'importar',
  'insertar',
  'normalizar',
  'copiar',
  'reiniciar',
  'ejecutar',
  'adjuntar',
  'fijar',
  'borrar',
];
const verbAlternatives = SPANISH_TECHNICAL_VERBS.flatMap((v) => [v, v[0].toUpperCase() + v.slice(1)]).join('|');
const SPANISH_TECHNICAL_VERB = `^(?!(?:use|Use)?(?:${verbAlternatives})(?:[A-Z0-9_]|$)).*$`;

const boundaries = [
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'src/contract imports nothing of ours: it is what the server and the web agree on.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'Web code never imports server modules: a rule both sides need lives in src/contract.',
  },
  {
    target: './src/server',
    from: './src/web',
    except: ['./ssr/entry-server.tsx'],
    message: 'The server reaches the web only through the SSR entry (src/web/ssr/entry-server.tsx).',
  },
  ...features.map((name) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features',
    except: [`./${name}`],
    message: 'Features do not import each other: move the shared piece to src/web/components or src/web/lib.',
  })),
  {
    target: SHARED_WEB,
    from: ['./src/web/features', ...WEB_SHELL],
    message: 'Shared web code (components, lib) does not import features, routes or the app shell.',
  },
  {
    target: './src/web/features',
    from: WEB_SHELL,
    message: 'Features do not import routes or the app shell: the shell composes features, not the reverse.',
  },
];

/**
 * Page addresses are written once, in src/contract/paginas.ts (issue 27): a '/Dashboard/…' string or template
 * anywhere else fails lint. In a const so that the blocks that set `no-restricted-syntax` for narrower folders (a
 * later block replaces the rule's whole list) can repeat it.
 */
const paginaLiteral = [
  {
    selector: 'Literal[value=/^\\/Dashboard\\//]',
    message: 'Page addresses live in src/contract/paginas.ts (PAGINAS): import the page from there.',
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/Dashboard\\//]',
    message: 'Page addresses live in src/contract/paginas.ts (PAGINAS): import the page from there.',
  },
];
const paginaLiteralFiles = ['src/web/**/*.{ts,tsx}', 'src/server/**/*.ts', 'src/contract/**/*.ts'];
const paginaLiteralIgnores = [
  '**/*.test.{ts,tsx}',
  'src/server/test/**',
  'src/server/modules/*/test-fixtures.ts',
  'src/contract/paginas.ts',
  'src/contract/paginas-raiz.ts',
  'src/contract/cajas-paths.ts',
];

/** The web features whose calls all go through endpoint declarations (src/contract/*-endpoints.ts). */
const DECLARED_FEATURES = [
  'busquedas',
  'fincas',
  'verificacion',
  'liquidaciones',
  'operador',
  'favoritos',
  'notificaciones',
  'content',
  'productores',
  'facturas',
  'laboratorio',
  'planificadores',
  'noticias',
  'lotes',
  'mensajes',
  'pedidos',
  'solicitudes',
  'muestras',
  'account',
  'auth',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.tmp/**',
      'data/**',
      'migrations/**',
      'test-results/**',
      'playwright-report/**',
      'tools/*/node_modules/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x cannot read a TypeScript file it follows, and no-restricted-paths would see nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaries, ...moduleDoors({ fixtures: false }), ...tableZones()] },
      ],
      // Cycles between files: scripts/file-cycles.test.ts reads the graph once (import-x/no-cycle re-walked it from
      // every file, 59 % of the lint's time; decision 083).
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Naming (decision 010): a declared name never starts with a Spanish technical verb (crear, leer, guardar…):
      // technical verbs are English (createFinca, readCaja, useSaveFinca); the trade's own acts keep the verb of their
      // lifecycle action (reservarPedido, enviarPss, emitirFacturaVenta).
      'id-match': ['error', SPANISH_TECHNICAL_VERB, { onlyDeclarations: true, properties: false, classFields: true }],
      // Prettier decides where lines break, and it breaks a long chain as `sharp(...)\n[format]()`; with the
      // semicolons it always writes that is never the ambiguous code this rule looks for.
      'no-unexpected-multiline': 'off',
    },
  },
  {
    // Tests read the JSON they assert on (`json(res).data.lote.id`): typing every body would turn a wrong answer
    // into a type error instead of the failing assertion that names it.
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'src/server/test/**', 'src/server/modules/*/test-fixtures.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: serverTestFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...moduleDoors({ fixtures: true })] }],
    },
  },
  {
    // The server reads its environment in one place, src/server/config.ts (tests build their own config).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/config.ts', '**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in src/server/config.ts (AppConfig).' },
      ],
    },
  },
  {
    files: paginaLiteralFiles,
    ignores: paginaLiteralIgnores,
    rules: { 'no-restricted-syntax': ['error', ...paginaLiteral] },
  },
  {
    // Answer types are read from the contract (decision 011, issue 27): in the features moved so far, a call to our
    // API names its route's response schema, `api<Answer<typeof XResponseSchema>>(…)`, never a shape written here.
    files: ['src/web/features/{muestras,pedidos,solicitudes,mensajes,laboratorio,planificadores}/**/*.{ts,tsx}'],
    ignores: paginaLiteralIgnores,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...paginaLiteral,
        {
          selector:
            "CallExpression[callee.name='api'] > TSTypeParameterInstantiation > :not(TSTypeReference[typeName.name='Answer'])",
          message: "Name the route's answer from the contract: api<Answer<typeof XResponseSchema>>(…) (decision 011).",
        },
      ],
    },
  },
  {
    // Endpoints declared once (src/contract/*-endpoints.ts, issue 27, decision 077): a feature moved to declarations
    // calls them with `call(X_API.y, …)`, which takes the path and method from the declaration and infers the answer;
    // `api(path, …)` with a path and an answer type of its own does not come back.
    files: DECLARED_FEATURES.map((f) => `src/web/features/${f}/**/*.{ts,tsx}`),
    ignores: paginaLiteralIgnores,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...paginaLiteral,
        {
          selector: "CallExpression[callee.name='api']",
          message: "Call the endpoint's declaration: call(X_API.y, { params, query, body }) (decision 077).",
        },
        {
          selector: "CallExpression[callee.name='call'] > TSTypeParameterInstantiation",
          message: 'call() reads the answer from the declaration: do not name a type of its own (decision 077).',
        },
      ],
    },
  },
  {
    // One composition root (src/server/composition.ts, issue 27): a module does not register its own timers or hook
    // itself into another module's moves as a side effect of registering routes; composition.ts lists both.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/modules/*/test-fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='register'][callee.object.property.name='scheduler']",
          message: 'Scheduled tasks are listed in src/server/composition.ts (scheduledTasks).',
        },
        {
          selector: 'CallExpression[callee.name=/^enganchar/]',
          message: 'Cross-module reactions are wired in src/server/composition.ts (wireTradeReactions).',
        },
        ...paginaLiteral,
      ],
    },
  },
  {
    // One way to build a form (issue 27, decision 015): react-hook-form with formOf's resolver, sent with
    // useFormSubmit. A submit handler typed by hand (FormEvent) or the focus helper of forms without react-hook-form
    // is a form on useState again. Left out, and why: the account's deletion (its answers: open trade, a fresh Google
    // sign-in) and the purchase's confirmation step (comprar.tsx, which sends what its formOf form already checked).
    files: ['src/web/{features,components,routes}/**/*.{ts,tsx}'],
    ignores: ['src/web/features/account/delete-account-page.tsx', 'src/web/features/pedidos/comprar.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['FormEvent'],
              message: 'Build the form with react-hook-form and formOf, and send it with useFormSubmit (decision 015).',
            },
          ],
          patterns: [
            {
              group: ['**/lib/form-errors'],
              importNames: ['focusField'],
              message: "A formOf form focuses a refused field itself (useFormSubmit, setError's shouldFocus).",
            },
          ],
        },
      ],
    },
  },
  {
    // A form's resolver is formOf's (issue 27, decision 015): it checks with the contract's schema and says of a
    // typed number it cannot read why. zodResolver by hand is how forms were built before. Left out, and why: five
    // forms that reshape their values before the contract reads them (a comma-separated list, a file beside the
    // data, a proposal dropped when a lot is chosen), which formOf's resolver does not take yet.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: [
      'src/web/lib/form-schema.ts',
      'src/web/features/fincas/fincas-page.tsx',
      'src/web/features/fincas/evidencias-finca.tsx',
      'src/web/features/solicitudes/solicita-productor.tsx',
      'src/web/features/solicitudes/solicitud-form.tsx',
      'src/web/features/lotes/components/lote-form.tsx',
    ],
    // typescript-eslint's copy of the rule, so that it adds to the blocks above that set no-restricted-imports.
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hookform/resolvers/zod',
              message: "Use the form's formOf(schema).resolver (lib/form-schema, decision 015).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/contract/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two rules of hooks. The plugin's other recommended rules (refs, set-state-in-effect, immutability,
    // purity, incompatible-library...) check code for the React Compiler, which we do not use: they reject the
    // latest-value ref (`ref.current = prop` during render), state reset from an effect and the SSR meta context
    // written during render, which are deliberate and correct without the compiler.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
