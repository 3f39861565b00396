import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import type { TSalesFigure } from '@pulse/contract/seller-dashboard';
import { Plural, useLingui } from '@lingui/react/macro';

function Figure({ label, figure, currency, testId }: { label: string; figure: TSalesFigure; currency: string; testId: string }) {
  const orders = figure.orderCount;
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 24, sm: 28 }} fw={800} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(figure.salesMinor, currency)}
      </Text>
      <Text size="xs" c="dimmed">
        <Plural value={orders} one="# order" other="# orders" />
      </Text>
    </Paper>
  );
}

/** Sales of orders paid today and this month, less what went back to buyers. */
export function SalesSummary({ today, month, currency }: { today: TSalesFigure; month: TSalesFigure; currency: string }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={2} spacing="sm">
      <Figure label={t`Today`} figure={today} currency={currency} testId="sales-today" />
      <Figure label={t`This month`} figure={month} currency={currency} testId="sales-month" />
    </SimpleGrid>
  );
}
