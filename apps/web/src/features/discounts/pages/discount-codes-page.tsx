import { Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useDiscountCodes, type DiscountScope } from '../api/discount-codes';
import { DiscountCodeForm } from '../components/discount-code-form';
import { DiscountCodeList } from '../components/discount-code-list';

function DiscountCodes({ route, scope }: PageProps & { scope: DiscountScope }) {
  const { t } = useLingui();
  const codes = useDiscountCodes(scope);
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{route.title}</Title>
          <Text c="dimmed">
            {scope === 'seller' ? (
              <Trans>Codes for your farm's products. The discount comes out of your sales; commission is on what you receive.</Trans>
            ) : (
              <Trans>Pulse Market codes, paid from the platform's commission (a market day, a campaign).</Trans>
            )}
          </Text>
        </Stack>
        {codes.isPending ? <Skeleton height={120} radius="lg" /> : codes.isError ? <LoadErrorAlert title={t`The codes could not be loaded.`} onRetry={() => void codes.refetch()} /> : <DiscountCodeList codes={codes.data.codes} scope={scope} />}
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="new-code-heading">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="new-code-heading">
              <Trans>New code</Trans>
            </Title>
            <DiscountCodeForm scope={scope} currency={codes.data?.currency ?? 'USD'} onCreated={() => undefined} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

/** /seller/discount-codes: the farm's own codes, their uses and cost. */
export function SellerDiscountCodesPage(props: PageProps) {
  return <DiscountCodes {...props} scope="seller" />;
}

/** /admin/discount-codes: the platform's codes. */
export function AdminDiscountCodesPage(props: PageProps) {
  return <DiscountCodes {...props} scope="admin" />;
}
