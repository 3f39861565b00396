import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own ESLint configuration (eslint.config.js + eslint.user-text.js), as `npm run lint` runs it.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../../../../', import.meta.url)) });

async function textErrors(code: string, file = 'apps/web/src/features/catalogue/components/example.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'lingui/no-unlocalized-strings').map((message) => `${message.line}: ${message.message}`);
}

describe('the lint rule that keeps every text in the catalogs (decision 046)', () => {
  it('fails on English written straight into JSX, a label or a toast', async () => {
    const errors = await textErrors(`
import { notifications } from '@mantine/notifications';
export function Example() {
  notifications.show({ title: 'Saved', message: 'Your basket is saved' });
  return <section><h2>Fresh today</h2><input placeholder="Search produce" aria-label="Search" /></section>;
}
`);
    expect(errors.map((error) => error.split(':')[0])).toEqual(['4', '4', '5', '5', '5']);
  });

  it('passes texts in the catalogs and what is not text (class names, ids, test ids, routes, keywords)', async () => {
    const errors = await textErrors(`
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
export function Example() {
  const { t } = useLingui();
  return (
    <section className="listing grid" id="fresh" data-testid="fresh-today">
      <h2><Trans>Fresh today</Trans></h2>
      <input placeholder={t\`Search produce\`} type="search" autoComplete="off" />
      <Button variant="light" color="green" size="sm" component={Link} to="/basket"><Trans>Basket</Trans></Button>
    </section>
  );
}
`);
    expect(errors).toEqual([]);
  });
});
