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
const DECLARED_FEATURES = ['busquedas', 'fincas', 'verificacion', 'liquidaciones'];

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
      // Without these import-x cannot read a TypeScript file it follows, and no-cycle would see no cycles.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...moduleDoors({ fixtures: false })] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
