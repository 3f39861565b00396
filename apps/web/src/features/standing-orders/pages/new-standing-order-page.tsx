import { useState } from 'react';
import { Alert, Anchor, Button, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRepeat } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useCreateStandingOrder, useSourceBasket, useSourceOrder, useStandingOrderPreview, useStandingOrders } from '../api/standing-orders';
import { StandingOrderFields } from '../components/standing-order-fields';
import { StandingPreview } from '../components/standing-preview';
import { initialValues, sourceFromBasket, sourceFromOrder, toCreateRequest, type StandingOrderSource } from '../utils/standing-order-form';

function errorText(error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) && error.status !== null && error.status < 500 ? error.message : null;
}

function NewStandingOrderForm({ source }: { source: StandingOrderSource }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: initialValues(source),
    validate: {
      firstSlotId: (value) => (value === null ? t`Choose a day and time` : null),
      addressId: (value, values) => (values.fulfilment === 'delivery' && value === null ? t`Choose a delivery address.` : null),
      lines: (lines) => (lines.length === 0 ? t`Add at least one product` : null),
    },
  });
  const request = toCreateRequest(source.sellerUserId, form.values);
  // Quantities typed digit by digit ask once.
  const [previewRequest] = useDebouncedValue(request, 300);
  const preview = useStandingOrderPreview(previewRequest);
  const create = useCreateStandingOrder();
  const existing = useStandingOrders();
  const [conflict, setConflict] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const existingId = existing.data?.items.find((item) => item.sellerUserId === source.sellerUserId && (item.status === 'active' || item.status === 'paused'))?.id;

  const submit = form.onSubmit(async (values) => {
    const input = toCreateRequest(source.sellerUserId, values);
    if (!input) return;
    setConflict(null);
    setFormError(null);
    try {
      const made = await create.mutateAsync(input);
      void navigate(`/standing-orders/${made.id}`);
    } catch (error) {
      if (!isApiError(error) || error.status === null || error.status >= 500) return;
      if (error.status === 409) {
        setConflict(error.message);
        void existing.refetch();
      } else {
        form.setErrors(error.fields);
        setFormError(error.message);
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <StandingOrderFields form={form} sellerUserId={source.sellerUserId} shopName={source.shopName} currency={source.currency} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" pos="sticky" top={72}>
            <StandingPreview preview={request ? preview.data : undefined} loading={preview.isFetching} error={request ? errorText(preview.error) : null} />
            {conflict && (
              <Alert color="orange" variant="light" data-testid="standing-conflict">
                <Stack gap={4}>
                  <Text size="sm">{conflict}</Text>
                  <Anchor component={Link} to={existingId ? `/standing-orders/${existingId}` : '/standing-orders'} size="sm" fw={600}>
                    <Trans>Open your weekly basket from {source.shopName}</Trans>
                  </Anchor>
                </Stack>
              </Alert>
            )}
            {formError && (
              <Alert color="red" variant="light">
                {formError}
              </Alert>
            )}
            <Button type="submit" size="md" leftSection={<IconRepeat size={18} aria-hidden />} loading={create.isPending} disabled={request === null}>
              <Trans>Start weekly basket</Trans>
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** /standing-orders/new?fromOrder=<orderId> or ?fromBasket=<sellerUserId>: make a weekly basket from an order or the basket. */
export function NewStandingOrderPage({ route }: PageProps) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const fromOrder = params.get('fromOrder');
  const fromBasket = fromOrder ? null : params.get('fromBasket');
  const order = useSourceOrder(fromOrder);
  const basket = useSourceBasket(fromBasket !== null);
  const source = fromOrder ? (order.data ? sourceFromOrder(order.data) : undefined) : fromBasket && basket.data ? sourceFromBasket(basket.data, fromBasket) : undefined;
  const loading = fromOrder ? order.isPending : fromBasket ? basket.isPending : false;
  const failed = fromOrder ? order.isError : fromBasket ? basket.isError : false;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 32 }}>
      <Stack gap="md">
        <Anchor component={Link} to="/standing-orders" size="sm" c="dimmed">
          <Trans>All weekly baskets</Trans>
        </Anchor>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {route.title}
          </Title>
          <Text size="sm" c="dimmed">
            {source ? <Trans>The same products from {source.shopName}, ordered for you every week or two and paid from your wallet.</Trans> : <Trans>The same products from one farm, ordered for you every week or two and paid from your wallet.</Trans>}
          </Text>
        </Stack>
        {loading && <Skeleton height={240} radius="lg" />}
        {failed && <LoadErrorAlert title={fromOrder ? t`Could not load this order` : t`Could not load your basket`} onRetry={() => void (fromOrder ? order.refetch() : basket.refetch())} />}
        {!loading && !failed && (!source || source.lines.length === 0) && (
          <Alert color="orange" variant="light" data-testid="standing-no-source">
            <Trans>
              Start from an order (<Anchor component={Link} to="/buyer-dashboard" c="inherit" underline="always">your orders</Anchor>, "Repeat every week") or from your basket at checkout ("Make this a weekly basket").
            </Trans>
          </Alert>
        )}
        {source && source.lines.length > 0 && <NewStandingOrderForm source={source} />}
      </Stack>
    </Container>
  );
}
