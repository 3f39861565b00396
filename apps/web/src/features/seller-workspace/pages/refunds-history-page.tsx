import type { ReactNode } from 'react';
import { Button, Container, Group, ScrollArea, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { SellerOnlyNotice } from '../../../components/seller-only-notice';
import { useAuth } from '../../../lib/auth/use-auth';
import { isSellerAccessDenied } from '../../../lib/seller-access';
import { useBuyerRefunds } from '../api/get-buyer-refunds';
import { useSellerRefunds } from '../api/get-seller-refunds';
import { BuyerRefundCard } from '../components/buyer-refund-card';
import { RefundCaseCard } from '../components/refund-case-card';
import { useLiveSellerUpdates } from '../components/use-live-seller-updates';
import { parseRefundFilter, REFUND_FILTER_LABELS, REFUND_FILTERS, refundFilterStatuses, type RefundFilter } from '../utils/refund-filters';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const EMPTY_TEXT: Readonly<Record<'seller' | 'buyer', Record<RefundFilter, MessageDescriptor>>> = {
  seller: {
    all: msg`No refund requests on your orders yet.`,
    open: msg`No refund requests wait for your answer.`,
    contested: msg`No contested refunds.`,
    refunded: msg`No refunds approved.`,
    refused: msg`No refused refunds.`,
  },
  buyer: {
    all: msg`You have not asked for a refund. Ask from a delivered order’s page if something is wrong.`,
    open: msg`No refund requests waiting for a farm.`,
    contested: msg`None of your requests is with Pulse Market support.`,
    refunded: msg`No refunds paid back yet.`,
    refused: msg`No refused requests.`,
  },
};

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-label={t`Loading refunds`}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={110} radius="lg" />
      ))}
    </Stack>
  );
}

function EmptyRefunds({ text }: { text: string }) {
  return (
    <Stack align="center" gap="sm" py={40} ta="center">
      <ThemeIcon size={64} radius={32} variant="light" aria-hidden>
        <IconReceiptRefund size={32} stroke={1.6} />
      </ThemeIcon>
      <Text c="dimmed" maw={380}>
        {text}
      </Text>
    </Stack>
  );
}

interface ListState {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

function RefundList({ list, count, emptyText, children }: { list: ListState; count: number; emptyText: MessageDescriptor; children: ReactNode }) {
  const { t, i18n } = useLingui();
  return (
    <>
      {list.isPending && <ListSkeleton />}
      {list.isError && count === 0 && <LoadErrorAlert title={t`Could not load refunds`} onRetry={() => void list.refetch()} />}
      {list.isSuccess && count === 0 && <EmptyRefunds text={i18n._(emptyText)} />}
      {count > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Refunds`}>
          {children}
        </Stack>
      )}
      {list.hasNextPage && (
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </Group>
      )}
    </>
  );
}

function SellerRefunds({ filter }: { filter: RefundFilter }) {
  const { t } = useLingui();
  const refunds = useSellerRefunds(refundFilterStatuses(filter), true);
  useLiveSellerUpdates();
  if (refunds.isError && isSellerAccessDenied(refunds.error)) return <SellerOnlyNotice what={t`Refunds on your orders`} />;
  const items = refunds.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <RefundList list={refunds} count={items.length} emptyText={EMPTY_TEXT.seller[filter]}>
      {items.map((refundCase) => (
        <RefundCaseCard key={refundCase.id} refundCase={refundCase} />
      ))}
    </RefundList>
  );
}

function BuyerRefunds({ filter }: { filter: RefundFilter }) {
  const refunds = useBuyerRefunds(refundFilterStatuses(filter), true);
  const items = refunds.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <RefundList list={refunds} count={items.length} emptyText={EMPTY_TEXT.buyer[filter]}>
      {items.map((order) => (
        <BuyerRefundCard key={order.id} order={order} />
      ))}
    </RefundList>
  );
}

/** /refunds-history: in seller mode the refunds on the farm's orders (answer open ones); in buyer mode the buyer's own requests. */
export function RefundsHistoryPage({ route }: PageProps) {
  const { t, i18n } = useLingui();
  const { mode } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseRefundFilter(searchParams.get('status'));
  const isSeller = mode === 'seller';

  return (
    <Container size="md" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 32 }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
        {route.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {isSeller ? (
          <Trans>Refund requests on your orders. Approve one to send the money back, or contest it and Pulse Market support decides.</Trans>
        ) : (
          <Trans>Your refund requests and what became of them.</Trans>
        )}
      </Text>
      <ScrollArea type="never" mb="md">
        <SegmentedControl
          size="xs"
          fullWidth
          miw={340}
          value={filter}
          onChange={(value) => {
            const next = parseRefundFilter(value);
            setSearchParams(next === 'all' ? {} : { status: next }, { replace: true });
          }}
          data={REFUND_FILTERS.map((value) => ({ value, label: i18n._(REFUND_FILTER_LABELS[value]) }))}
          aria-label={t`Refund status`}
        />
      </ScrollArea>
      {isSeller ? <SellerRefunds filter={filter} /> : <BuyerRefunds filter={filter} />}
    </Container>
  );
}
