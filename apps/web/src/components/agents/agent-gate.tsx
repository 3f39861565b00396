import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button, Group, List, Paper, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMotorbike } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApplicationStatusCard } from '../application-status-card';
import { LoadErrorAlert } from '../load-error-alert';
import { useAuth } from '../../lib/auth/use-auth';
import { useMyAgentApplication } from '../../lib/agents/agent-application-api';
import { agentStatusView } from '../../lib/agents/agent-status-view';

const PROGRAMME_POINTS: readonly MessageDescriptor[] = [
  msg`Delivery agents carry orders from nearby farms to buyers and earn each order’s delivery fee`,
  msg`Referral agents bring new buyers and farms with their own code`,
  msg`You choose your home area, working radius and how you travel`,
];

/** What a signed-in non-agent sees on an agent page: the programme, their application if any, the way to apply. */
function ProgrammeNotice({ what }: { what: AgentGateWhat }) {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const application = useMyAgentApplication(user?.id ?? null);
  const status = application.data?.status;
  const page = typeof what === 'string' ? what : i18n._(what);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={t`Pulse Agents programme`}>
        <Group align="flex-start" gap="md" wrap="nowrap">
          <ThemeIcon size={56} radius={28} variant="light" aria-hidden style={{ flexShrink: 0 }}>
            <IconMotorbike size={30} stroke={1.6} />
          </ThemeIcon>
          <Stack gap="sm" style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              <Trans>{page} is for Pulse Agents</Trans>
            </Title>
            <List
              spacing={6}
              size="sm"
              icon={
                <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              {PROGRAMME_POINTS.map((point) => (
                <List.Item key={point.id}>{i18n._(point)}</List.Item>
              ))}
            </List>
            <Group gap="xs">
              {status !== 'pending' && status !== 'approved' && (
                <Button component={Link} to="/agent-registration">
                  {status === 'rejected' ? t`Apply again` : t`Become a Pulse Agent`}
                </Button>
              )}
              <Button component={Link} to="/pulse-agents" variant="subtle">
                <Trans>About the programme</Trans>
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
      {application.isPending && <Skeleton height={140} radius="lg" role="status" aria-label={t`Loading your application`} />}
      {application.isError && <LoadErrorAlert title={t`Could not load your agent application`} onRetry={() => void application.refetch()} />}
      {application.isSuccess && application.data && <ApplicationStatusCard kind="agent" application={agentStatusView(i18n, application.data)} />}
    </Stack>
  );
}

/**
 * Agent pages render their content for approved agents (the `agent` role, which a live decision
 * grants without signing in again) and the programme notice for everyone else.
 */
/** The page's name in the notice: a message, or a text already in the reader's language. */
export type AgentGateWhat = MessageDescriptor | string;

export function AgentGate({ what, children }: { what: AgentGateWhat; children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useAuth();
  if (!user) return <Skeleton height={200} radius="lg" role="status" aria-label={t`Loading`} />;
  if (!user.roles.includes('agent')) return <ProgrammeNotice what={what} />;
  return <>{children}</>;
}
