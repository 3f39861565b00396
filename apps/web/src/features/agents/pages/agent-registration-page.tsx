import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PageProps } from '../../../app/route-types';
import { ApplicationStatusCard } from '../../../components/application-status-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMyAgentApplication } from '../../../lib/agents/agent-application-api';
import { AgentApplicationForm } from '../components/agent-application-form';
import { agentValuesFromApplication } from '../utils/agent-application-form';
import { agentStatusView } from '../../../lib/agents/agent-status-view';

/** /agent-registration: apply to become a Pulse Agent, see where the application stands, or apply again after a rejection. */
export function AgentRegistrationPage({ route }: PageProps) {
  const { i18n, t } = useLingui();
  const { user } = useAuth();
  const application = useMyAgentApplication(user?.id ?? null);

  let body: React.ReactNode;
  if (application.isError) {
    body = <LoadErrorAlert title={t`Could not load your application`} onRetry={() => void application.refetch()} />;
  } else if (!application.isSuccess) {
    body = <Skeleton height={320} radius="lg" role="status" aria-label={t`Loading your application`} />;
  } else if (application.data && application.data.status !== 'rejected') {
    body = <ApplicationStatusCard kind="agent" application={agentStatusView(i18n, application.data)} showStatusLink />;
  } else if (application.data) {
    const rejected = application.data;
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} aria-hidden />} title={t`Your last application was not approved`}>
          <Text size="sm">{rejected.rejectionReason ?? t`No reason was given.`}</Text>
          <Text size="sm" mt={4}>
            <Trans>Correct what the reviewer asked for and apply again.</Trans>
          </Text>
        </Alert>
        <Title order={2} fz="xl">
          <Trans>Apply again</Trans>
        </Title>
        <AgentApplicationForm key={rejected.id} initialValues={agentValuesFromApplication(rejected)} submitLabel={t`Apply again`} />
      </Stack>
    );
  } else {
    body = <AgentApplicationForm submitLabel={t`Submit application`} />;
  }

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      <Text c="dimmed" mb="lg">
        <Trans>Deliver orders from nearby farms or refer new growers and buyers. A reviewer checks every application before your first task.</Trans>
      </Text>
      {body}
    </Container>
  );
}
