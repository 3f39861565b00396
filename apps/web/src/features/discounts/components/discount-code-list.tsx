import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TDiscountCode } from '@pulse/contract/discounts';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useUpdateDiscountCode, type DiscountScope } from '../api/discount-codes';

function CodeRow({ code, scope }: { code: TDiscountCode; scope: DiscountScope }) {
  const { t } = useLingui();
  const update = useUpdateDiscountCode(scope);
  const change = (status: 'active' | 'paused' | 'ended') => update.mutate({ codeId: code.id, input: { status } });
  const amount = code.kind === 'percent' ? formatPercent(code.value) : formatMoney(code.value, code.currency);
  const statusLabel = code.status === 'active' ? t`Active` : code.status === 'paused' ? t`Paused` : t`Ended`;
  const limits = [
    code.minOrderMinor > 0 ? t`Orders from ${formatMoney(code.minOrderMinor, code.currency)}` : null,
    code.totalUses !== null ? t`${code.totalUses} uses in all` : null,
    code.usesPerBuyer !== null ? t`${code.usesPerBuyer} per buyer` : null,
    code.firstOrderOnly ? t`First order only` : null,
    code.endsAt ? t`Until ${formatDate(code.endsAt)}` : null,
  ].filter((part) => part !== null);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="discount-code-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} ff="monospace">
              {code.code}
            </Text>
            <Badge color={code.status === 'active' ? 'green' : code.status === 'paused' ? 'yellow' : 'gray'} variant="light">
              {statusLabel}
            </Badge>
          </Group>
          <Text fw={700}>{t`${amount} off`}</Text>
        </Group>
        {limits.length > 0 ? (
          <Text size="sm" c="dimmed">
            {limits.join(' · ')}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" data-testid="discount-code-usage">
            {t`Used ${code.timesUsed} times · cost ${formatMoney(code.totalCostMinor, code.currency)}`}
          </Text>
          {code.status !== 'ended' ? (
            <Group gap="xs">
              {code.status === 'active' ? (
                <Button size="xs" variant="light" color="yellow" onClick={() => change('paused')} loading={update.isPending}>
                  <Trans>Pause</Trans>
                </Button>
              ) : (
                <Button size="xs" variant="light" onClick={() => change('active')} loading={update.isPending}>
                  <Trans>Resume</Trans>
                </Button>
              )}
              <Button size="xs" variant="subtle" color="red" onClick={() => change('ended')} loading={update.isPending}>
                <Trans>End</Trans>
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

export function DiscountCodeList({ codes, scope }: { codes: TDiscountCode[]; scope: DiscountScope }) {
  if (codes.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No codes yet. Create one below; buyers type it at checkout.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {codes.map((code) => (
        <CodeRow key={code.id} code={code} scope={scope} />
      ))}
    </Stack>
  );
}
