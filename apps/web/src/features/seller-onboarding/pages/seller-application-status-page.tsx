import { Container, Skeleton, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMySellerApplication } from '../api/seller-application-api';
import { sellerStatusView } from '../utils/seller-status-view';
import { ApplicationStatusCard } from '../../../components/application-status-card';

/** /seller-application-status: pending, approved, rejected (with the reason) or not applied yet. */
export function SellerApplicationStatusPage({ route }: PageProps) {
  const { t } = useLingui();
  const { user } = useAuth();
  const application = useMySellerApplication(user?.id ?? null);

  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        <Trans>Where your request to sell on Pulse Market stands.</Trans>
      </Text>
      {(application.isPending || !user) && <Skeleton height={160} radius="lg" role="status" aria-label={t`Loading your application`} />}
      {application.isError && <LoadErrorAlert title={t`Could not load your application`} onRetry={() => void application.refetch()} />}
      {application.isSuccess && <ApplicationStatusCard kind="seller" application={sellerStatusView(application.data)} />}
    </Container>
  );
}
