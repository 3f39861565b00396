import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's texts for people are Lingui descriptors (decision 046): eslint.config.js fails a
 * literal text handed to a domain error, to its field messages, to notify() or to a *_MESSAGE
 * constant. Linted as a file of a server module, with the project's own configuration.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FILE = 'apps/server/src/modules/orders/lint-example.ts';

async function restrictedSyntax(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${FILE}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

describe('the server text lint rule', () => {
  it('fails literal texts in domain errors, their fields, notify() and message constants', async () => {
    const messages = await restrictedSyntax(`
      import { NotFoundError, InvalidError } from '../../errors/domain-errors';
      import { notify } from '../notifications/notifications-service';
      export const ORDER_GONE_MESSAGE = 'Order not found.';
      export function fail(app: never, id: string) {
        void notify(app, id, { type: 'order_update', source: 'marketplace', message: \`Your order \${id} is ready\`, idempotencyKey: id });
        if (id) throw new InvalidError(\`Order \${id} is odd\`, { id: 'Not an order' });
        throw new NotFoundError('Order not found.');
      }
    `);
    expect(messages).toHaveLength(5);
    expect(messages.some((message) => message.startsWith("A domain error's message"))).toBe(true);
    expect(messages.some((message) => message.startsWith("A domain error's field message"))).toBe(true);
    expect(messages.some((message) => message.startsWith('A notification text'))).toBe(true);
    expect(messages.some((message) => message.startsWith('A message constant'))).toBe(true);
  });

  it('passes descriptors, registered constants and texts built from them', async () => {
    const messages = await restrictedSyntax(`
      import { msg } from '@lingui/core/runtime-macro';
      import { contractMessage } from '@pulse/contract/messages-i18n';
      import { NotFoundError, InvalidError } from '../../errors/domain-errors';
      export const ORDER_GONE_MESSAGE = contractMessage(msg\`Order not found.\`);
      export function fail(id: string) {
        if (id) throw new InvalidError(msg\`Order \${{ id }} is odd\`, { id: msg\`Not an order\` });
        throw new NotFoundError(ORDER_GONE_MESSAGE);
      }
    `);
    expect(messages).toEqual([]);
  });
});
