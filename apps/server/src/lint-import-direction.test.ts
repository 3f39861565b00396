import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The dependency direction (decision 052): eslint.config.js fails an import from orders or checkout
 * into a module that reacts to orders, and an import from one web feature into another. Linted as
 * files at those places, with the project's own configuration (the imports resolve to real files).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

async function forbiddenImports(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('the import direction lint rule', () => {
  it('fails orders importing delivery, notifications or the admin audit log, and checkout importing referrals', async () => {
    const orders = await forbiddenImports(
      'apps/server/src/modules/orders/lint-example.ts',
      `
      import { lockOrderTask } from '../delivery/delivery-order-hooks';
      import { notify } from '../notifications/notifications-service';
      import { recordAdminAction } from '../admin/audit-log';
      export const used = [lockOrderTask, notify, recordAdminAction];
    `,
    );
    expect(orders).toHaveLength(3);
    expect(orders[0]).toContain('registers a listener');
    const checkout = await forbiddenImports(
      'apps/server/src/modules/checkout/lint-example.ts',
      `import { openReferralEarnings } from '../referrals/referral-earnings-service';\nexport const used = openReferralEarnings;\n`,
    );
    expect(checkout).toHaveLength(1);
  });

  it('passes orders publishing on the seam, and the listeners importing orders', async () => {
    expect(
      await forbiddenImports(
        'apps/server/src/modules/orders/lint-example.ts',
        `import { domainEvents } from '../../lib/domain-events';\nimport './order-events';\nexport const used = domainEvents;\n`,
      ),
    ).toEqual([]);
    expect(
      await forbiddenImports(
        'apps/server/src/modules/delivery/lint-example.ts',
        `import { runTransition } from '../orders/orders-service';\nexport const used = runTransition;\n`,
      ),
    ).toEqual([]);
  });

  it('fails a web feature importing another feature, and passes shared code and the routing layer', async () => {
    const feature = await forbiddenImports(
      'apps/web/src/features/hub/components/lint-example.tsx',
      `import { NotificationsPage } from '../../notifications/pages/notifications-page';\nexport const used = NotificationsPage;\n`,
    );
    expect(feature).toHaveLength(1);
    expect(feature[0]).toContain('A feature does not import another feature');
    expect(
      await forbiddenImports(
        'apps/web/src/features/hub/components/lint-example.tsx',
        `import { NotificationItem } from '../../../components/notifications/notification-item';\nimport { HubNav } from '../../../components/hub/hub-nav';\nexport const used = [NotificationItem, HubNav];\n`,
      ),
    ).toEqual([]);
    expect(
      await forbiddenImports(
        'apps/web/src/app/lint-example.tsx',
        `import { NotificationsPage } from '../features/notifications/pages/notifications-page';\nexport const used = NotificationsPage;\n`,
      ),
    ).toEqual([]);
  });
});
