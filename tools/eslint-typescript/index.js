// The project's `typescript` is 7.x (the native compiler, no JavaScript API); typescript-eslint parses with the
// JavaScript API of TypeScript 5.x. This workspace holds both, so they resolve each other here and the root keeps
// its own `tsc`. Why and how: docs/decisions/009-lint-y-formato.md.
export { default as tseslint } from 'typescript-eslint';
export { default as importX } from 'eslint-plugin-import-x';
