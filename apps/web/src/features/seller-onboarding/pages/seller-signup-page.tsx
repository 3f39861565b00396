import { Alert, Button, Container, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMySellerApplication } from '../api/seller-application-api';
import { sellerStatusView } from '../utils/seller-status-view';
import { ApplicationStatusCard } from '../../../components/application-status-card';
import { SellerApplicationForm } from '../components/seller-application-form';
import { valuesFromApplication } from '../utils/application-form';

const WHAT_YOU_NEED: readonly MessageDescriptor[] = [
  msg`Your business name, region and what you grow or make`,
  msg`A phone number and a mobile money or bank account for payouts`,
  msg`A photo of your ID document`,
];

/** /seller-signup: visitors read what it takes and log in; signed-in people apply (or see where their application stands). */
export function SellerSignupPage({ route }: PageProps) {
  const { t, i18n } = useLingui();
  const { user, isAuthenticated } = useAuth();
  const application = useMySellerApplication(user?.id ?? null, isAuthenticated);

  const intro = (
    <Text c="dimmed" mb="lg">
      <Trans>Sell your harvest to buyers across the region. Tell us about your farm; a reviewer checks every application before you can list products.</Trans>
    </Text>
  );

  let body: React.ReactNode;
  if (!isAuthenticated) {
    body = (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            <Trans>What you need</Trans>
          </Title>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {WHAT_YOU_NEED.map((item) => (
              <List.Item key={item.id}>{i18n._(item)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            <Trans>Log in or create an account first: the application is tied to it.</Trans>
          </Text>
          <Button component={Link} to="/login?redirect=%2Fseller-signup" leftSection={<IconLogin size={18} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            <Trans>Log in to apply</Trans>
          </Button>
        </Stack>
      </Paper>
    );
  } else if (application.isError) {
    body = <LoadErrorAlert title={t`Could not load your application`} onRetry={() => void application.refetch()} />;
  } else if (!application.isSuccess) {
    body = <Skeleton height={320} radius="lg" role="status" aria-label={t`Loading your application`} />;
  } else if (application.data && application.data.status !== 'rejected') {
    body = <ApplicationStatusCard kind="seller" application={sellerStatusView(application.data)} showStatusLink />;
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
        <SellerApplicationForm key={rejected.id} initialValues={valuesFromApplication(rejected)} submitLabel={t`Apply again`} />
      </Stack>
    );
  } else {
    body = <SellerApplicationForm submitLabel={t`Submit application`} />;
  }

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      {intro}
      {body}
    </Container>
  );
}
