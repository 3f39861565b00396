import { Button, Divider, Group, Paper, Rating, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TReview } from '@pulse/contract/reviews';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useProductReviews } from '../api/get-product-reviews';
import { RatingSummary } from '../../../components/catalogue/rating-summary';
import { formatDate } from '../../../lib/format';

function ReviewItem({ review, divided }: { review: TReview; divided: boolean }) {
  const { t } = useLingui();
  const stars = review.rating;
  return (
    <Stack gap={4} component="li" data-testid="review">
      {divided && <Divider mb="sm" />}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {review.buyerUsername}
          </Text>
          {/* Mantine's Rating root is a plain div, where aria-label is not allowed: the name sits on an image role. */}
          <span role="img" aria-label={t`${stars} out of 5 stars`} style={{ display: 'inline-flex' }}>
            <Rating value={review.rating} readOnly size="xs" aria-hidden />
          </span>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDate(review.createdAt)}
        </Text>
      </Group>
      {review.body && (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.body}
        </Text>
      )}
      {review.sellerReply && (
        <Paper bg="gray.0" p="sm" radius="md" mt={4}>
          <Text size="xs" fw={600} c="dimmed">
            <Trans>Reply from the seller</Trans>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.sellerReply}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}

/** What buyers said about this product, with the average of every rating. */
export function ReviewsSection({ productId }: { productId: string }) {
  const { t } = useLingui();
  const reviews = useProductReviews(productId);
  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="reviews-heading">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz={18} id="reviews-heading">
          <Trans>Reviews</Trans>
        </Title>
        {first && first.ratingCount > 0 && <RatingSummary average={first.ratingAverage} count={first.ratingCount} size="sm" />}
      </Group>

      {reviews.isPending && (
        <Stack gap="sm" aria-label={t`Loading reviews`} role="status">
          <Skeleton height={12} width="40%" />
          <Skeleton height={10} width="90%" />
          <Skeleton height={10} width="70%" />
        </Stack>
      )}

      {reviews.isError && items.length === 0 && <LoadErrorAlert title={t`Could not load the reviews`} onRetry={() => void reviews.refetch()} />}

      {reviews.isSuccess && items.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No reviews yet. Buyers can review this product once their order is complete.</Trans>
        </Text>
      )}

      {items.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Reviews`}>
          {items.map((review, index) => (
            <ReviewItem key={review.id} review={review} divided={index > 0} />
          ))}
        </Stack>
      )}

      {reviews.hasNextPage && (
        <Button variant="subtle" mt="sm" onClick={() => void reviews.fetchNextPage()} loading={reviews.isFetchingNextPage}>
          <Trans>More reviews</Trans>
        </Button>
      )}
    </Paper>
  );
}
