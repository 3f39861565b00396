import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';

const pad = (value: number) => String(value).padStart(2, '0');
const isoDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** Every farm's order lines and every payout of a date range as CSV, for the platform's books (issue 27). */
export function AdminExports() {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const now = new Date();
  const form = useForm({
    initialValues: { from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: isoDay(now) },
    validate: {
      from: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t`Choose a start date`),
      to: (value, values) => (!/^\d{4}-\d{2}-\d{2}$/.test(value) ? t`Choose an end date` : value < values.from ? t`The end date must be on or after the start date` : null),
    },
  });
  const { from, to } = form.values;
  const download = async (what: 'orders' | 'payouts') => {
    if (form.validate().hasErrors) return;
    setBusy(what);
    try {
      await apiDownload(`/api/admin/exports/${what}.csv?from=${from}&to=${to}`, `${what === 'orders' ? 'all-orders' : 'payouts'}-${from}-to-${to}.csv`);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="admin-exports-heading">
      <Title order={2} fz="lg" id="admin-exports-heading" mb={4}>
        <Trans>Exports</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>Spreadsheets (CSV) of every farm's orders, one line per item with commission and net, and of every payout, for up to 366 days.</Trans>
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput type="date" label={t`From`} {...form.getInputProps('from')} />
        <TextInput type="date" label={t`To`} {...form.getInputProps('to')} />
        <Button variant="light" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} loading={busy === 'orders'} onClick={() => void download('orders')}>
          <Trans>Orders (CSV)</Trans>
        </Button>
        <Button variant="light" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} loading={busy === 'payouts'} onClick={() => void download('payouts')}>
          <Trans>Payouts (CSV)</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
