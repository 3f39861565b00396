import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Skeleton, Text, Title } from '@mantine/core';
import type { PageProps } from '../../../app/route-types';
import { ApplicationStatusCard } from '../../../components/application-status-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMyAgentApplication } from '../../../lib/agents/agent-application-api';
import { agentStatusView } from '../../../lib/agents/agent-status-view';

/**
 * /agent-application-status: pending, approved, rejected (with the reason) or not applied yet, the
 * same card as the seller's. A decision arrives over the socket (components/live-application-updates.tsx).
 */
export function AgentApplicationStatusPage({ route }: PageProps) {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const application = useMyAgentApplication(user?.id ?? null);

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        <Trans>Where your request to become a Pulse Agent stands.</Trans>
      </Text>
      {(application.isPending || !user) && <Skeleton height={160} radius="lg" role="status" aria-label={t`Loading your application`} />}
      {application.isError && <LoadErrorAlert title={t`Could not load your application`} onRetry={() => void application.refetch()} />}
      {application.isSuccess && <ApplicationStatusCard kind="agent" application={agentStatusView(i18n, application.data)} />}
    </Container>
  );
}
