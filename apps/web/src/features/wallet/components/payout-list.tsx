import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTimeWithYear, formatMoney } from '../../../lib/format';
import type { TPayout } from '@pulse/contract/wallet';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { usePayouts } from '../api/get-payouts';

/** A failed or reversed transfer gave the money back to the wallet: both read "Returned", with the reason. */
const STATUS: Readonly<Record<TPayout['status'], { label: MessageDescriptor; color: string }>> = {
  pending: { label: msg`Pending`, color: 'yellow' },
  succeeded: { label: msg`Sent`, color: 'green' },
  failed: { label: msg`Returned`, color: 'orange' },
  reversed: { label: msg`Returned`, color: 'orange' },
};

/** Every payout request with its outcome: on its way, sent, or returned to the wallet and why. */
export function PayoutList() {
  const { t, i18n } = useLingui();
  const payouts = usePayouts(true);
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="payouts-heading">
      <Title order={2} fz="lg" id="payouts-heading" mb="xs">
        <Trans>Payouts</Trans>
      </Title>
      {payouts.isPending && <Skeleton height={44} radius="md" />}
      {payouts.isError && <LoadErrorAlert title={t`Could not load your payouts`} onRetry={() => void payouts.refetch()} />}
      {payouts.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>No payouts yet.</Trans>
        </Text>
      )}
      {items.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Payouts`}>
          {items.map((payout) => (
            <Group key={payout.id} component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="payout-row">
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <PayoutDestination destination={payout.destination} />
                <Text size="xs" c="dimmed">
                  {formatDateTimeWithYear(payout.createdAt)}
                </Text>
                {payout.failureReason && (payout.status === 'failed' || payout.status === 'reversed') && (
                  <Text size="xs" c="orange.9" data-testid="payout-return-reason">
                    <ReturnedReason reason={payout.failureReason} />
                  </Text>
                )}
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-keep-clear>
                  {formatMoney(payout.amountMinor, payout.currency)}
                </Text>
                <Badge size="xs" variant="light" color={STATUS[payout.status].color} title={payout.failureReason ?? undefined}>
                  {i18n._(STATUS[payout.status].label)}
                </Badge>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {payouts.hasNextPage && (
        <Group justify="center" mt="sm">
          <Button variant="default" size="xs" onClick={() => void payouts.fetchNextPage()} loading={payouts.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** "MTN Mobile Money" and "****4567": the last digits stay together at the end of the line. */
const MASKED_TAIL = /^(.*?)\s*(\*{4}\S*)$/;

/**
 * Where the money went, whole on a phone: the name wraps between words instead of being cut, and
 * the masked number ("****4567") is never split, so a person can tell their accounts apart.
 */
function PayoutDestination({ destination }: { destination: string }) {
  const match = MASKED_TAIL.exec(destination);
  return (
    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="payout-row-destination">
      {match ? (
        <>
          {match[1]}{' '}
          <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{match[2]}</span>
        </>
      ) : (
        destination
      )}
    </Text>
  );
}

function ReturnedReason({ reason }: { reason: string }) {
  return <Trans>Back in your wallet: {reason}</Trans>;
}
