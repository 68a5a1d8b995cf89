import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The rules that keep the server's shape are in eslint.config.js; these tests show that each one fails a deliberate
 * violation (and passes the allowed form), so a rule that silently stopped matching would be noticed.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '..', file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the composition root (issue 27)', () => {
  it('refuses a module that registers its own scheduled task', async () => {
    const code = 'declare const app: { scheduler: { register(t: unknown): void } };\napp.scheduler.register({});\n';
    expect(await messages('src/server/modules/muestras/probe.ts', code)).toContain(
      'no-restricted-syntax: Scheduled tasks are listed in src/server/composition.ts (scheduledTasks).',
    );
    expect(await messages('src/server/composition-probe.ts', code)).toEqual([]);
  });

  it('refuses a module that hooks itself into another module', async () => {
    const code = 'declare function engancharFacturasAPedidos(): void;\nengancharFacturasAPedidos();\n';
    expect(await messages('src/server/modules/facturas/probe.ts', code)).toContain(
      'no-restricted-syntax: Cross-module reactions are wired in src/server/composition.ts (wireTradeReactions).',
    );
  });
});
