import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  type ReferralStateFilter,
  voidDialogText,
} from '../utils/referral-display';
import { LoadMoreButton } from './load-more-button';
import { ReasonDialog } from './reason-dialog';
import { showAdminFailure, showAdminSuccess } from './show-admin-toast';
import { useAdminParam } from './use-admin-param';
import { contractText } from '../../../lib/contract-text';

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
        <Trans>No code yet</Trans>
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
      <Trans>Suspended</Trans>
    </Badge>
  );
}

/** "No earning referrals." and the like, when a state filter leaves nothing. */
const EMPTY_STATE_MESSAGES: Readonly<Record<Exclude<ReferralStateFilter, 'all'>, MessageDescriptor>> = {
  active: msg`No earning referrals.`,
  expired: msg`No window over referrals.`,
  void: msg`No void referrals.`,
};

/* ------------------------------------------------------------------ agents */

interface AgentListProps {
  agents: TAdminReferralAgent[];
  currency: string;
  selectedId: string | null;
  onSelect: (agent: TAdminReferralAgent) => void;
}

/** Desktop: one row per agent, the whole row chooses it. */
function AgentTable({ agents, currency, selectedId, onSelect }: AgentListProps) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={t`Referral agents`} styles={{ th: { whiteSpace: 'nowrap' } }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>Agent</Trans></Table.Th>
              <Table.Th><Trans>Code</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Visits</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Sign-ups</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Farms</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Voided</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Earned</Trans></Table.Th>
              <Table.Th ta="right"><Trans>Pending</Trans></Table.Th>
              <Table.Th>
                <VisuallyHidden>
                  <Trans>Referrals</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((agent) => {
              const selected = agent.userId === selectedId;
              const username = agent.username;
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
                        <Trans>No code yet</Trans>
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
                      aria-label={t`Show the referrals of ${username}`}
                      aria-pressed={selected}
                    >
                      <Trans>Referrals</Trans>
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
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="list" aria-label={t`Referral agents`}>
      {agents.map((agent) => {
        const selected = agent.userId === selectedId;
        const username = agent.username;
        return (
          <div role="listitem" key={agent.userId}>
            <UnstyledButton
              onClick={() => onSelect(agent)}
              aria-label={t`Show the referrals of ${username}`}
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
                    <Figure label={t`Visits`}>{agent.visits}</Figure>
                    <Figure label={t`Sign-ups`}>{agent.signUps}</Figure>
                    <Figure label={t`Farms`}>{agent.farms}</Figure>
                    <Figure label={t`Voided`}>{agent.voided}</Figure>
                    <Figure label={t`Earned`}>{formatMoney(agent.earnedMinor, currency)}</Figure>
                    <Figure label={t`Pending`}>{formatMoney(agent.pendingMinor, currency)}</Figure>
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
  const { i18n, t } = useLingui();
  const isVoid = attribution.state === 'void';
  const referred = attribution.referredUsername;
  const agentName = attribution.agentUsername;
  const code = attribution.code;
  const source = i18n._(REFERRAL_SOURCE_LABELS[attribution.source]);
  const voidedAt = attribution.voidedAt ? formatDateTimeWithYear(attribution.voidedAt) : null;
  const voidedBy = attribution.voidedByUsername;
  const voidReason = attribution.voidReason ?? '—';

  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Referral of ${referred}`}>
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
              {contractText(referralSideLabels[attribution.side])}
            </Badge>
            <Badge color={ATTRIBUTION_STATE_COLORS[attribution.state]} variant={isVoid ? 'filled' : 'light'} radius="sm">
              {i18n._(ATTRIBUTION_STATE_LABELS[attribution.state])}
            </Badge>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t`Attributed`}>{formatDateTimeWithYear(attribution.attributedAt)}</Figure>
          <Figure label={t`Earns until`}>{formatDateTimeWithYear(attribution.earnsUntil)}</Figure>
          <Figure label={t`Earned`}>{formatMoney(attribution.earnedMinor, currency)}</Figure>
          <Figure label={t`Pending`}>{formatMoney(attribution.pendingMinor, currency)}</Figure>
        </SimpleGrid>

        <Text size="xs" c="dimmed">
          {t`${source} · code ${code}`}
        </Text>

        {isVoid && (
          <Paper radius="sm" p="xs" bg="var(--mantine-color-red-light)">
            <Text size="sm" fw={600} c="red">
              {voidedAt
                ? voidedBy
                  ? t`Void since ${voidedAt} (by ${voidedBy})`
                  : t`Void since ${voidedAt}`
                : voidedBy
                  ? t`Void (by ${voidedBy})`
                  : t`Void`}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Trans>Reason: {voidReason}</Trans>
            </Text>
          </Paper>
        )}

        {!isVoid && (
          <Group>
            <Button color="red" variant="light" leftSection={<IconBan size={18} aria-hidden />} onClick={() => setAsking(true)}>
              <Trans>Void</Trans>
            </Button>
          </Group>
        )}
      </Stack>
      {asking && (
        <ReasonDialog
          title={t`Void the referral of ${referred}?`}
          text={i18n._(voidDialogText(attribution.agentUsername, attribution.referredUsername))}
          label={t`Reason for voiding`}
          confirmLabel={t`Void the referral`}
          schema={ZVoidAttributionRequest}
          onConfirm={async (reason) => {
            try {
              const { reversedEarnings } = await voiding.mutateAsync(reason);
              showAdminSuccess(
                t`Referral voided`,
                reversedEarnings > 0
                  ? t`${plural(reversedEarnings, { one: `# pending earning reversed. ${agentName} is told.`, other: `# pending earnings reversed. ${agentName} is told.` })}`
                  : t`${agentName} is told.`,
              );
            } catch (failure) {
              // Another admin was quicker: the dialog closes and the list is read again.
              if (isApiError(failure) && failure.status === 409) {
                showAdminFailure(t`Referral not changed`, getServerFormErrors(failure, []).form ?? t`This attribution is already void`);
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
  const { i18n, t } = useLingui();
  const [stateParam, setState] = useAdminParam('referralState');
  const filter = parseReferralStateFilter(stateParam);
  const list = useAdminAttributions(agent.userId, filter);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const listCurrency = list.data?.pages[0]?.currency ?? currency;
  const username = agent.username;

  return (
    <Stack gap="md" component="section" aria-label={t`Referrals of ${username}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Trans>Referrals of {username}</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Newest first. Voiding stops future earnings and reverses pending ones.</Trans>
          </Text>
        </div>
        <Select
          label={t`Show`}
          value={filter}
          onChange={(value) => setState(value === 'all' ? null : value, { replace: true })}
          data={REFERRAL_STATE_FILTERS.map((value) => ({ value, label: i18n._(REFERRAL_STATE_FILTER_LABELS[value]) }))}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {list.isError && <LoadErrorAlert title={t`Could not load the referrals`} onRetry={() => void list.refetch()} />}
      {list.isPending && <Skeleton height={200} radius="md" role="status" aria-label={t`Loading referrals`} />}
      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {filter === 'all' ? t`${username} has not referred anyone yet.` : i18n._(EMPTY_STATE_MESSAGES[filter])}
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
  const { t } = useLingui();
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
      {agents.isError && <LoadErrorAlert title={t`Could not load the referral agents`} onRetry={() => void agents.refetch()} />}
      {agents.isPending && <Skeleton height={240} radius="md" role="status" aria-label={t`Loading referral agents`} />}
      {agents.isSuccess && items.length === 0 && (
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="xs">
            <IconUsersGroup size={32} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              <Trans>No referral agents yet. Approve an agent application of kind referral to start the programme.</Trans>
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
              <Trans>Choose an agent to see the people and farms it referred.</Trans>
            </Text>
          )
        )}
      </div>
    </Stack>
  );
}
