import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** Last month (the statement a treasurer asks for first) and the month so far as the export range. */
function defaults(now = new Date()) {
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { month: `${lastMonth.getFullYear()}-${pad(lastMonth.getMonth() + 1)}`, from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: isoDay(now) };
}

/**
 * The farm's papers for the books (issue 27): the monthly statement as PDF, and its orders and
 * wallet history as CSV for a date range (at most 366 days, the server says so otherwise).
 */
export function StatementsAndExports() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const form = useForm({
    initialValues: defaults(),
    validate: {
      month: (value) => (/^\d{4}-\d{2}$/.test(value) ? null : t`Choose a month`),
      from: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t`Choose a start date`),
      to: (value, values) => (!/^\d{4}-\d{2}-\d{2}$/.test(value) ? t`Choose an end date` : value < values.from ? t`The end date must be on or after the start date` : null),
    },
  });

  const download = async (id: string, fields: Array<'month' | 'from' | 'to'>, path: string, fileName: string) => {
    if (fields.some((field) => form.validateField(field).hasError)) return;
    setBusy(id);
    try {
      await apiDownload(path, fileName);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(null);
    }
  };
  const { month, from, to } = form.values;
  const range = `from=${from}&to=${to}`;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="statements-heading">
      <Title order={2} fz="lg" id="statements-heading" mb={4}>
        <Trans>Statements and exports</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        <Trans>For your books: the month's statement with sales, commission and payouts, and spreadsheets (CSV) of your orders and wallet.</Trans>
      </Text>
      <Stack gap="lg">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="month" label={t`Month`} {...form.getInputProps('month')} style={{ flex: '1 1 160px' }} />
          <Button
            leftSection={<IconFileDownload size={18} aria-hidden />}
            loading={busy === 'statement'}
            onClick={() => void download('statement', ['month'], `/api/seller/statements/${month}.pdf`, `statement-${month}.pdf`)}
          >
            <Trans>Download statement</Trans>
          </Button>
        </Group>
        <Stack gap="sm">
          <Group gap="sm" grow>
            <TextInput type="date" label={t`From`} {...form.getInputProps('from')} />
            <TextInput type="date" label={t`To`} {...form.getInputProps('to')} />
          </Group>
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              loading={busy === 'orders'}
              onClick={() => void download('orders', ['from', 'to'], `/api/seller/exports/orders.csv?${range}`, `orders-${from}-to-${to}.csv`)}
            >
              <Trans>Orders (CSV)</Trans>
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              loading={busy === 'history'}
              onClick={() => void download('history', ['from', 'to'], `/api/wallet/exports/history.csv?${range}`, `wallet-history-${from}-to-${to}.csv`)}
            >
              <Trans>Wallet history (CSV)</Trans>
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
