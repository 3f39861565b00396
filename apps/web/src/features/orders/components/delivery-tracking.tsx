import { useEffect, useState } from 'react';
import { Alert, Avatar, Badge, Group, Image, Stack, Text, Timeline } from '@mantine/core';
import { IconClockHour4, IconMotorbike, IconUserQuestion } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TGetOrderDeliveryResponse } from '@pulse/contract/delivery';
import { deliveryEventTexts, deliveryTaskStatusLabels, failureReasonLabels, vehicleLabels } from '../utils/delivery-labels';
import { LazyDeliveryMap } from '../../../components/delivery-map/lazy-delivery-map';
import { resolveMediaUrl } from '../../../lib/media-url';
import { formatEta } from '../utils/delivery-position';
import { SectionCard } from './section-card';
import { formatDateTime } from '../../../lib/format';


function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The agent carrying the order (name, vehicle), the task's state, the ETA, the farm's pickup code and the task's steps. */
export function AgentSection({ delivery }: { delivery: TGetOrderDeliveryResponse | undefined }) {
  const { t, i18n } = useLingui();
  const now = useNow(30_000);
  const agent = delivery?.agent ?? null;
  const task = delivery?.task ?? null;
  const recipientName = task?.recipientName ?? null;
  const eta = task?.status === 'in_transit' ? formatEta(delivery?.etaAt ?? null, now, i18n) : null;

  return (
    <SectionCard title={t`Delivery agent`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" color={agent ? 'blue' : 'gray'} aria-hidden>
            {agent ? <IconMotorbike size={22} /> : <IconUserQuestion size={22} />}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} data-testid="delivery-agent">
              {agent ? agent.name : t`Not assigned yet`}
            </Text>
            <Text size="sm" c="dimmed">
              {agent
                ? [agent.vehicle ? i18n._(vehicleLabels[agent.vehicle]) : null, task ? i18n._(deliveryTaskStatusLabels[task.status]) : null].filter(Boolean).join(' · ')
                : task?.status === 'open'
                  ? t`Offered to Pulse Agents near the farm.`
                  : t`A Pulse Agent will be assigned before the window starts.`}
            </Text>
          </Stack>
        </Group>
        {eta && (
          <Badge size="lg" variant="light" color="orange" leftSection={<IconClockHour4 size={14} aria-hidden />} data-testid="delivery-eta">
            <Trans>Arrives {eta}</Trans>
          </Badge>
        )}
        {task?.status === 'failed' && task.failureReason && (
          <Alert color="red" variant="light" title={t`Delivery attempt failed`}>
            {i18n._(failureReasonLabels[task.failureReason])}
          </Alert>
        )}
        {task?.proofPhotoUrl && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {recipientName ? <Trans>Proof of delivery · received by {recipientName}</Trans> : <Trans>Proof of delivery</Trans>}
            </Text>
            <Image src={resolveMediaUrl(task.proofPhotoUrl)} alt={t`Proof of delivery`} radius="md" h={140} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} />
          </Stack>
        )}
        {delivery && delivery.events.length > 0 && (
          <Timeline bulletSize={12} lineWidth={2} aria-label={t`Delivery task steps`} data-testid="delivery-task-events">
            {delivery.events.map((event) => (
              <Timeline.Item key={event.id} title={<Text size="sm">{i18n._(deliveryEventTexts[event.kind])}</Text>}>
                <Text size="xs" c="dimmed">
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                  {event.actorUsername ? ` · ${event.actorUsername}` : ''}
                  {event.note ? ` · ${event.note}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The map (its own lazy chunk with Leaflet): farm, drop-off and the agent while in transit. */
export function DeliveryMapSection({ delivery }: { delivery: TGetOrderDeliveryResponse }) {
  const { t } = useLingui();
  const farm = delivery.pickup.lat !== null && delivery.pickup.lng !== null ? { lat: delivery.pickup.lat, lng: delivery.pickup.lng } : null;
  const dropOff = delivery.dropOff && delivery.dropOff.lat !== null && delivery.dropOff.lng !== null ? { lat: delivery.dropOff.lat, lng: delivery.dropOff.lng } : null;
  const agent = delivery.position ? { lat: delivery.position.lat, lng: delivery.position.lng } : null;
  if (!farm && !dropOff && !agent) return null;
  return (
    <SectionCard title={t`Map`} testId="delivery-map-section">
      <Stack gap="xs">
        <LazyDeliveryMap farm={farm} dropOff={dropOff} agent={agent} label={t`Delivery map: farm, drop-off and the agent`} height={300} />
        <Group gap="md">
          <Legend color="#5fae6b" label={t`Farm`} />
          <Legend color="#f08c3b" label={t`Drop-off`} />
          {agent && <Legend color="#1c7ed6" label={t`Agent`} />}
          {delivery.position && <PositionLine position={delivery.position} />}
        </Group>
      </Stack>
    </SectionCard>
  );
}

function PositionLine({ position }: { position: NonNullable<TGetOrderDeliveryResponse['position']> }) {
  const positionAt = formatDateTime(position.at);
  return (
    <Text size="xs" c="dimmed" data-testid="agent-position" data-lat={position.lat} data-lng={position.lng}>
      <Trans>
        Position at <time dateTime={position.at}>{positionAt}</time>
      </Trans>
    </Text>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: color, display: 'inline-block' }} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/** The farm's pickup code, at the top of its delivery page while the agent has not collected the order. */
export function PickupCodeCard({ delivery }: { delivery: TGetOrderDeliveryResponse }) {
  const { t } = useLingui();
  const status = delivery.task?.status;
  if (!delivery.pickupCode || (status !== 'claimed' && status !== 'open')) return null;
  return (
    <Alert color="blue" variant="light" radius="lg" title={t`Pickup code for the agent`} data-testid="pickup-code">
      <Text size="sm">{status === 'claimed' ? t`Give this code to the Pulse Agent when you hand the order over:` : t`When a Pulse Agent comes for the order, give them this code:`}</Text>
      <Text fz={28} fw={800} ff="monospace" lts={4}>
        {delivery.pickupCode}
      </Text>
    </Alert>
  );
}
