import { Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan, IconChevronRight, IconUsersGroup } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { formatDateTimeWithYear, formatMoney } from '../../../lib/format';
import { referralSideLabels, ZVoidAttributionRequest, type TAdminAttribution, type TAdminReferralAgent } from '@pulse/contract/referrals';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useAdminAttributions, useAdminReferralAgents } from '../api/get-admin-referrals';
import { useAttributionVoid } from '../api/post-attribution-void';
import {
  ATTRIBUTION_STATE_COLORS,
  ATTRIBUTION_STATE_LABELS,
  REFERRAL_SOURCE_LABELS,
  REFERRAL_STATE_FILTER_LABELS,
  REFERRAL_STATE_FILTERS,
  parseReferralStateFilter,
  voidDialogText,
} from '../utils/referral-display';
import { LoadMoreButton } from './load-more-button';
import { ReasonDialog } from './reason-dialog';
import { showAdminFailure, showAdminSuccess } from './show-admin-toast';
import { useAdminParam } from './use-admin-param';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function CodeBadge({ code }: { code: string | null }) {
  if (!code)
    return (
      <Text size="sm" c="dimmed" component="span">
        No code yet
      </Text>
    );
  return (
    <Badge variant="outline" color="gray" radius="sm" tt="none" ff="monospace">
      {code}
    </Badge>
  );
}

function SuspendedBadge() {
  return (
    <Badge color="red" variant="filled" radius="sm" size="sm">
      Suspended
    </Badge>
  );
}

/* ------------------------------------------------------------------ agents */

interface AgentListProps {
  agents: TAdminReferralAgent[];
  currency: string;
  selectedId: string | null;
  onSelect: (agent: TAdminReferralAgent) => void;
}

/** Desktop: one row per agent, the whole row chooses it. */
function AgentTable({ agents, currency, selectedId, onSelect }: AgentListProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Referral agents" styles={{ th: { whiteSpace: 'nowrap' } }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Visits</Table.Th>
              <Table.Th ta="right">Sign-ups</Table.Th>
              <Table.Th ta="right">Farms</Table.Th>
              <Table.Th ta="right">Voided</Table.Th>
              <Table.Th ta="right">Earned</Table.Th>
              <Table.Th ta="right">Pending</Table.Th>
              <Table.Th>
                <VisuallyHidden>Referrals</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((agent) => {
              const selected = agent.userId === selectedId;
              return (
                <Table.Tr
                  key={agent.userId}
                  onClick={() => onSelect(agent)}
                  style={{ cursor: 'pointer' }}
                  bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                  aria-selected={selected}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={700} truncate>
                          {agent.username}
                        </Text>
                        <Text size="xs" c="dimmed" truncate maw={220}>
                          {agent.email}
                        </Text>
                      </div>
                      {agent.suspended && <SuspendedBadge />}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {agent.code ? (
                      <Text size="sm" ff="monospace" fw={600} component="span">
                        {agent.code}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed" component="span">
                        No code yet
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{agent.visits}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {agent.signUps}
                  </Table.Td>
                  <Table.Td ta="right">{agent.farms}</Table.Td>
                  <Table.Td ta="right" c={agent.voided > 0 ? 'red' : undefined}>
                    {agent.voided}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(agent.earnedMinor, currency)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(agent.pendingMinor, currency)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={selected ? 'filled' : 'light'}
                      rightSection={<IconChevronRight size={14} aria-hidden />}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(agent);
                      }}
                      aria-label={`Show the referrals of ${agent.username}`}
                      aria-pressed={selected}
                    >
                      Referrals
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Phone: one card per agent; tapping it chooses it. */
function AgentCards({ agents, currency, selectedId, onSelect }: AgentListProps) {
  return (
    <Stack gap="sm" role="list" aria-label="Referral agents">
      {agents.map((agent) => {
        const selected = agent.userId === selectedId;
        return (
          <div role="listitem" key={agent.userId}>
            <UnstyledButton
              onClick={() => onSelect(agent)}
              aria-label={`Show the referrals of ${agent.username}`}
              aria-pressed={selected}
              style={{ display: 'block', width: '100%' }}
            >
              <Paper
                withBorder
                radius="md"
                p="md"
                style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Text fw={700} truncate>
                          {agent.username}
                        </Text>
                        {agent.suspended && <SuspendedBadge />}
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {agent.email}
                      </Text>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <CodeBadge code={agent.code} />
                      <IconChevronRight size={18} aria-hidden />
                    </Group>
                  </Group>
                  <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
                    <Figure label="Visits">{agent.visits}</Figure>
                    <Figure label="Sign-ups">{agent.signUps}</Figure>
                    <Figure label="Farms">{agent.farms}</Figure>
                    <Figure label="Voided">{agent.voided}</Figure>
                    <Figure label="Earned">{formatMoney(agent.earnedMinor, currency)}</Figure>
                    <Figure label="Pending">{formatMoney(agent.pendingMinor, currency)}</Figure>
                  </SimpleGrid>
                </Stack>
              </Paper>
            </UnstyledButton>
          </div>
        );
      })}
    </Stack>
  );
}

/* ------------------------------------------------------------ attributions */

function AttributionCard({ attribution, currency }: { attribution: TAdminAttribution; currency: string }) {
  const voiding = useAttributionVoid(attribution.id);
  const [asking, setAsking] = useState(false);
  const isVoid = attribution.state === 'void';

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Referral of ${attribution.referredUsername}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {attribution.referredUsername}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {attribution.referredEmail}
            </Text>
          </div>
          <Group gap="xs">
            <Badge variant="outline" color="gray" radius="sm">
              {referralSideLabels[attribution.side]}
            </Badge>
            <Badge color={ATTRIBUTION_STATE_COLORS[attribution.state]} variant={isVoid ? 'filled' : 'light'} radius="sm">
              {ATTRIBUTION_STATE_LABELS[attribution.state]}
            </Badge>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label="Attributed">{formatDateTimeWithYear(attribution.attributedAt)}</Figure>
          <Figure label="Earns until">{formatDateTimeWithYear(attribution.earnsUntil)}</Figure>
          <Figure label="Earned">{formatMoney(attribution.earnedMinor, currency)}</Figure>
          <Figure label="Pending">{formatMoney(attribution.pendingMinor, currency)}</Figure>
        </SimpleGrid>

        <Text size="xs" c="dimmed">
          {REFERRAL_SOURCE_LABELS[attribution.source]} · code {attribution.code}
        </Text>

        {isVoid && (
          <Paper radius="sm" p="xs" bg="var(--mantine-color-red-light)">
            <Text size="sm" fw={600} c="red">
              Void{attribution.voidedAt ? ` since ${formatDateTimeWithYear(attribution.voidedAt)}` : ''}
              {attribution.voidedByUsername ? ` (by ${attribution.voidedByUsername})` : ''}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Reason: {attribution.voidReason ?? '—'}
            </Text>
          </Paper>
        )}

        {!isVoid && (
          <Group>
            <Button color="red" variant="light" leftSection={<IconBan size={18} aria-hidden />} onClick={() => setAsking(true)}>
              Void
            </Button>
          </Group>
        )}
      </Stack>
      {asking && (
        <ReasonDialog
          title={`Void the referral of ${attribution.referredUsername}?`}
          text={voidDialogText(attribution.agentUsername, attribution.referredUsername)}
          label="Reason for voiding"
          confirmLabel="Void the referral"
          schema={ZVoidAttributionRequest}
          onConfirm={async (reason) => {
            try {
              const { reversedEarnings } = await voiding.mutateAsync(reason);
              showAdminSuccess(
                'Referral voided',
                reversedEarnings > 0
                  ? `${reversedEarnings} pending earning${reversedEarnings === 1 ? '' : 's'} reversed. ${attribution.agentUsername} is told.`
                  : `${attribution.agentUsername} is told.`,
              );
            } catch (failure) {
              // Another admin was quicker: the dialog closes and the list is read again.
              if (isApiError(failure) && failure.status === 409) {
                showAdminFailure('Referral not changed', getServerFormErrors(failure, []).form ?? 'This attribution is already void');
                return;
              }
              throw failure;
            }
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </Paper>
  );
}

function AgentAttributions({ agent, currency }: { agent: TAdminReferralAgent; currency: string }) {
  const [stateParam, setState] = useAdminParam('referralState');
  const filter = parseReferralStateFilter(stateParam);
  const list = useAdminAttributions(agent.userId, filter);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const listCurrency = list.data?.pages[0]?.currency ?? currency;

  return (
    <Stack gap="md" component="section" aria-label={`Referrals of ${agent.username}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            Referrals of {agent.username}
          </Title>
          <Text size="sm" c="dimmed">
            Newest first. Voiding stops future earnings and reverses pending ones.
          </Text>
        </div>
        <Select
          label="Show"
          value={filter}
          onChange={(value) => setState(value === 'all' ? null : value, { replace: true })}
          data={REFERRAL_STATE_FILTERS.map((value) => ({ value, label: REFERRAL_STATE_FILTER_LABELS[value] }))}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {list.isError && <LoadErrorAlert title="Could not load the referrals" onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={200} radius="md" role="status" aria-label="Loading referrals" />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {filter === 'all' ? `${agent.username} has not referred anyone yet.` : `No ${REFERRAL_STATE_FILTER_LABELS[filter].toLowerCase()} referrals.`}
          </Text>
        </Paper>
      )}
      {items.map((attribution) => (
        <AttributionCard key={attribution.id} attribution={attribution} currency={listCurrency} />
      ))}
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetching={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </Stack>
  );
}

/* ------------------------------------------------------------------- panel */

/**
 * The referral programme: every referral agent with its funnel and earnings; choosing one lists the
 * people and farms it referred, each of which an admin can void (with a reason, audit-logged).
 */
export function ReferralsPanel() {
  const agents = useAdminReferralAgents();
  const [selectedParam, setSelected] = useAdminParam('referralAgent');
  const isWide = useMediaQuery('(min-width: 48em)');
  const detailRef = useRef<HTMLDivElement>(null);
  const items = agents.data?.items ?? [];
  const currency = agents.data?.currency ?? 'USD';
  const selected = items.find((agent) => agent.userId === selectedParam) ?? null;

  const select = (agent: TAdminReferralAgent) => {
    setSelected(agent.userId, { replace: true });
    // On a phone the list is long: bring the referrals into view.
    requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <Stack gap="lg">
      {agents.isError && <LoadErrorAlert title="Could not load the referral agents" onRetry={() => void agents.refetch()} />}
      {agents.isPending && <Skeleton height={240} radius="md" role="status" aria-label="Loading referral agents" />}
      {agents.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="xs">
            <IconUsersGroup size={32} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              No referral agents yet. Approve an agent application of kind referral to start the programme.
            </Text>
          </Stack>
        </Paper>
      )}
      {items.length > 0 &&
        (isWide ? (
          <AgentTable agents={items} currency={currency} selectedId={selected?.userId ?? null} onSelect={select} />
        ) : (
          <AgentCards agents={items} currency={currency} selectedId={selected?.userId ?? null} onSelect={select} />
        ))}
      <div ref={detailRef} style={{ scrollMarginTop: 80 }}>
        {selected ? (
          <AgentAttributions key={selected.userId} agent={selected} currency={currency} />
        ) : (
          items.length > 0 && (
            <Text size="sm" c="dimmed" ta="center">
              Choose an agent to see the people and farms it referred.
            </Text>
          )
        )}
      </div>
    </Stack>
  );
}
