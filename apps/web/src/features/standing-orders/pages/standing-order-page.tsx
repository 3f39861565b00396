import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Container, Grid, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconPlayerPause, IconPlayerPlay, IconPlayerSkipForward, IconPencil, IconRotate, IconX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TStandingOrderCycle, TStandingOrderDetail } from '@pulse/contract/standing-orders';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { formatCalendarDay, formatDateTime, formatMoney } from '../../../lib/format';
import { useStandingOrder, useStandingOrderAction, type StandingOrderAction } from '../api/standing-orders';
import { ChangeStandingOrderDialog } from '../components/change-standing-order';
import { CycleSummary } from '../components/standing-preview';
import { defaultPauseUntil, followingCycleDay } from '../utils/standing-order-form';
import { CYCLE_STATUS_LABELS, LEFT_OUT_REASONS, cycleStatusColor, intervalLabel, isHeld, isRunning, patternLabel, summaryBadges } from '../utils/standing-order-text';

function useAction(detail: TStandingOrderDetail) {
  const mutation = useStandingOrderAction(detail.id);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: StandingOrderAction): Promise<boolean> => {
    setError(null);
    try {
      await mutation.mutateAsync(action);
      return true;
    } catch (failure) {
      if (isApiError(failure) && failure.status !== null && failure.status < 500) setError(failure.message);
      return false;
    }
  };
  return { run, error, pending: mutation.isPending, variables: mutation.variables };
}

/** A held cycle: why, and the one thing that releases it. */
function HeldCycle({ cycle, detail, onConfirm, confirming }: { cycle: TStandingOrderCycle; detail: TStandingOrderDetail; onConfirm: () => void; confirming: boolean }) {
  const { i18n } = useLingui();
  const cutoff = cycle.cutoffAt ? formatDateTime(cycle.cutoffAt) : null;
  return (
    <Alert color="orange" radius="lg" title={i18n._(CYCLE_STATUS_LABELS[cycle.status])} data-testid="held-cycle">
      <Stack gap="xs">
        {cycle.reason && <Text size="sm">{cycle.reason}</Text>}
        {cutoff && (
          <Text size="sm">
            <Trans>If nothing changes by {cutoff}, this delivery is missed.</Trans>
          </Text>
        )}
        <Group>
          {cycle.status === 'held_price' ? (
            <Button size="sm" color="orange" onClick={onConfirm} loading={confirming}>
              <Trans>Confirm new prices</Trans>
            </Button>
          ) : (
            <Button size="sm" color="orange" component={Link} to="/wallet">
              <Trans>Top up wallet</Trans>
            </Button>
          )}
          {cycle.status === 'held_price' && (
            <Text size="xs" c="dimmed">
              {detail.lines
                .filter((line) => line.unitPriceMinor > line.acceptedUnitPriceMinor)
                .map((line) => `${line.title}: ${formatMoney(line.acceptedUnitPriceMinor, detail.currency)} → ${formatMoney(line.unitPriceMinor, detail.currency)}`)
                .join(' · ')}
            </Text>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

function CycleRow({ cycle, currency }: { cycle: TStandingOrderCycle; currency: string }) {
  const { i18n } = useLingui();
  const day = formatCalendarDay(cycle.cycleDate, { withYear: true });
  return (
    <Stack gap={4} component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="standing-cycle">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {day}
        </Text>
        <Badge color={cycleStatusColor(cycle.status)} variant="light" tt="none">
          {i18n._(CYCLE_STATUS_LABELS[cycle.status])}
        </Badge>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {cycle.orderId ? (
          <Anchor component={Link} to={`/order/${cycle.orderId}`} size="sm">
            <Trans>See the order</Trans>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {cycle.reason ?? ''}
          </Text>
        )}
        {cycle.totalMinor !== null && (
          <Text size="sm" fw={600}>
            {formatMoney(cycle.totalMinor, currency)}
          </Text>
        )}
      </Group>
      {cycle.leftOut.length > 0 && (
        <Text size="xs" c="orange">
          <Trans>Left out:</Trans> {cycle.leftOut.map((line) => `${line.quantity} × ${line.title} (${i18n._(LEFT_OUT_REASONS[line.reason])})`).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

function PauseDialog({ opened, onClose, onPause, pending }: { opened: boolean; onClose: () => void; onPause: (until: string) => void; pending: boolean }) {
  const { t } = useLingui();
  const [until, setUntil] = useState(() => defaultPauseUntil(new Date()));
  return (
    <Modal opened={opened} onClose={onClose} title={t`Pause until`}>
      <Stack gap="md">
        <TextInput type="date" label={t`No delivery before`} value={until} onChange={(event) => setUntil(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button onClick={() => onPause(until)} loading={pending} disabled={until === ''}>
            <Trans>Pause</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The cycle after the next one, so the buyer sees the rhythm (and where a skip leads). */
function FollowingDay({ next, detail }: { next: NonNullable<TStandingOrderDetail['next']>; detail: TStandingOrderDetail }) {
  const day = followingCycleDay(next.cycleDate, detail.intervalWeeks, detail.endsOn);
  if (!day) return null;
  const following = formatCalendarDay(day, { withYear: true });
  return (
    <Text size="sm" data-testid="following-cycle-date">
      {next.skipped ? <Trans>The one after: {following}</Trans> : <Trans>Then on {following}</Trans>}
    </Text>
  );
}

function StandingOrderView({ detail }: { detail: TStandingOrderDetail }) {
  const { t } = useLingui();
  const action = useAction(detail);
  const [dialog, setDialog] = useState<'pause' | 'cancel' | 'change' | null>(null);
  const running = isRunning(detail);
  const next = detail.next;
  const held = detail.cycles.filter((cycle) => isHeld(cycle.status));
  const pattern = patternLabel(detail.slotMinuteOfWeek);
  const rhythm = intervalLabel(detail.intervalWeeks);
  const ends = detail.endsOn ? formatCalendarDay(detail.endsOn, { withYear: true }) : null;
  const pendingKind = action.pending ? action.variables?.kind : undefined;
  const close = () => setDialog(null);
  const runAndClose = async (value: StandingOrderAction) => {
    if (await action.run(value)) close();
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Anchor component={Link} to="/standing-orders" size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            <Trans>All weekly baskets</Trans>
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          <Trans>Weekly basket from {detail.shopName}</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          {detail.fulfilment === 'delivery' ? t`${rhythm}, delivery on ${pattern}` : t`${rhythm}, pickup on ${pattern}`}
          {ends ? ` · ${t`until ${ends}`}` : ''}
        </Text>
        <Group gap={6}>
          {summaryBadges(detail).map((badge) => (
            <Badge key={badge.label} color={badge.color} variant="light" tt="none">
              {badge.label}
            </Badge>
          ))}
        </Group>
      </Stack>

      {action.error && (
        <Alert color="red" variant="light" data-testid="standing-action-error">
          {action.error}
        </Alert>
      )}
      {held.map((cycle) => (
        <HeldCycle key={cycle.id} cycle={cycle} detail={detail} onConfirm={() => void action.run({ kind: 'confirm', cycleId: cycle.id })} confirming={pendingKind === 'confirm'} />
      ))}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="next-heading">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} fz="lg" id="next-heading">
                    {next?.skipped ? <Trans>Next one (skipped)</Trans> : <Trans>Next one</Trans>}
                  </Title>
                </Group>
                {next?.skipped && (
                  <Alert color="gray" variant="light" data-testid="next-skipped">
                    <Trans>Skipped: nothing is ordered or paid for this one.</Trans>
                  </Alert>
                )}
                {next ? (
                  <>
                    <CycleSummary next={next} currency={detail.currency} lines={detail.lines} />
                    <FollowingDay next={next} detail={detail} />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {running ? <Trans>No delivery is planned yet.</Trans> : <Trans>This weekly basket no longer runs.</Trans>}
                  </Text>
                )}
                {running && (
                  <SimpleGrid cols={2} spacing="xs">
                    {next && (
                      <Button
                        variant={next.skipped ? 'filled' : 'light'}
                        leftSection={next.skipped ? <IconRotate size={18} aria-hidden /> : <IconPlayerSkipForward size={18} aria-hidden />}
                        loading={pendingKind === 'skip'}
                        onClick={() => void action.run({ kind: 'skip', body: { cycleDate: next.cycleDate, skip: !next.skipped } })}
                      >
                        {next.skipped ? <Trans>Undo skip</Trans> : <Trans>Skip next</Trans>}
                      </Button>
                    )}
                    {detail.status === 'paused' ? (
                      <Button variant="light" leftSection={<IconPlayerPlay size={18} aria-hidden />} loading={pendingKind === 'resume'} onClick={() => void action.run({ kind: 'resume' })}>
                        <Trans>Resume</Trans>
                      </Button>
                    ) : (
                      <Button variant="light" leftSection={<IconPlayerPause size={18} aria-hidden />} onClick={() => setDialog('pause')}>
                        <Trans>Pause</Trans>
                      </Button>
                    )}
                    <Button variant="light" leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setDialog('change')}>
                      <Trans>Change</Trans>
                    </Button>
                    <Button variant="subtle" color="red" leftSection={<IconX size={18} aria-hidden />} onClick={() => setDialog('cancel')}>
                      <Trans>Cancel</Trans>
                    </Button>
                  </SimpleGrid>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="history-heading">
            <Title order={2} fz="lg" id="history-heading" mb="xs">
              <Trans>History</Trans>
            </Title>
            {detail.cycles.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>Nothing yet: each delivery shows here with what happened to it.</Trans>
              </Text>
            ) : (
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`History`}>
                {detail.cycles.map((cycle) => (
                  <CycleRow key={cycle.id} cycle={cycle} currency={detail.currency} />
                ))}
              </Stack>
            )}
          </Paper>
        </Grid.Col>
      </Grid>

      <PauseDialog opened={dialog === 'pause'} onClose={close} pending={pendingKind === 'pause'} onPause={(until) => void runAndClose({ kind: 'pause', body: { until } })} />
      <Modal opened={dialog === 'cancel'} onClose={close} title={t`Cancel this weekly basket?`}>
        <Stack gap="md">
          <Text size="sm">
            <Trans>No more orders will be made from it. Orders already placed go on as they are.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Keep the weekly basket</Trans>
            </Button>
            <Button color="red" loading={pendingKind === 'cancel'} onClick={() => void runAndClose({ kind: 'cancel' })}>
              <Trans>Cancel weekly basket</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ChangeStandingOrderDialog detail={detail} opened={dialog === 'change'} onClose={close} />
    </Stack>
  );
}

/** /standing-orders/:id: one weekly basket: the next cycle, its two-tap actions, and the history of cycles. */
export function StandingOrderPage(_props: PageProps) {
  const { t } = useLingui();
  const { standingOrderId: id = '' } = useParams();
  const detail = useStandingOrder(id);
  const notFound = detail.isError && isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 32 }}>
      {detail.isPending && <Skeleton height={240} radius="lg" />}
      {notFound && (
        <Alert color="gray" variant="light" title={t`This weekly basket was not found`}>
          <Anchor component={Link} to="/standing-orders">
            <Trans>All weekly baskets</Trans>
          </Anchor>
        </Alert>
      )}
      {detail.isError && !notFound && !detail.data && <LoadErrorAlert title={t`Could not load this weekly basket`} onRetry={() => void detail.refetch()} />}
      {detail.data && <StandingOrderView detail={detail.data} />}
    </Container>
  );
}
