import { useState } from 'react';
import { Button, Group, Modal, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TOrderDetails } from '@pulse/contract/orders';
import { ZReviewInput, type TReview } from '@pulse/contract/reviews';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../../../lib/form-errors';
import { usePostOrderReview } from '../api/post-order-review';
import { formatDate } from '../../../lib/format';

/** The word next to the stars, by rating (none before the buyer picks one). */
const RATING_WORDS: readonly (MessageDescriptor | null)[] = [null, msg`Poor`, msg`Fair`, msg`Good`, msg`Very good`, msg`Excellent`];

function ReviewDialog({ orderId, shopName, onClose }: { orderId: string; shopName: string; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const mutation = usePostOrderReview(orderId);
  const { t, i18n } = useLingui();
  const ratingWord = RATING_WORDS[rating];

  const submit = () => {
    const parsed = ZReviewInput.safeParse({ rating, body });
    if (!parsed.success) {
      setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
      return;
    }
    setErrors(NO_FORM_ERRORS);
    mutation.mutate(parsed.data, { onSuccess: onClose, onError: (error) => setErrors(getServerFormErrors(error, ['rating', 'body'])) });
  };

  return (
    <Modal opened onClose={onClose} title={t`Review ${shopName}`} centered radius="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="review-rating-label">
            <Trans>Your rating</Trans>
          </Text>
          <Group gap="sm">
            <Rating
              value={rating}
              onChange={setRating}
              size="xl"
              aria-labelledby="review-rating-label"
              getSymbolLabel={(value) => t`${plural(value, { one: '# star', other: '# stars' })}`}
            />
            <Text size="sm" c="dimmed">
              {ratingWord ? i18n._(ratingWord) : ''}
            </Text>
          </Group>
          {errors.fields.rating && (
            <Text c="red" size="xs" role="alert">
              {errors.fields.rating}
            </Text>
          )}
        </Stack>
        <Textarea
          label={t`Your review`}
          placeholder={t`How was the produce, the packing, the hand-over?`}
          autosize
          minRows={4}
          maxLength={2000}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={errors.fields.body}
        />
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Not now</Trans>
          </Button>
          <Button onClick={submit} loading={mutation.isPending}>
            <Trans>Post review</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReviewCard({ review, shopName }: { review: TReview; shopName: string }) {
  const { t } = useLingui();
  const rating = review.rating;
  return (
    <Stack gap="sm" data-testid="order-review">
      <Group gap="sm">
        <span role="img" aria-label={t`${rating} out of 5 stars`} style={{ display: 'inline-flex' }}>
          <Rating value={review.rating} readOnly aria-hidden />
        </span>
        <Text size="xs" c="dimmed">
          {formatDate(review.createdAt)}
        </Text>
      </Group>
      {review.body && <Text size="sm">{review.body}</Text>}
      {review.sellerReply && (
        <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="md" withBorder>
          <Text size="xs" fw={600} mb={4}>
            <Trans>Reply from {shopName}</Trans>
          </Text>
          <Text size="sm">{review.sellerReply}</Text>
        </Paper>
      )}
    </Stack>
  );
}

/** After completion: the buyer's one review of the order, then it and the seller's reply. */
export function OrderReview({ order, review }: { order: TOrderDetails; review: TReview | null }) {
  const [writing, setWriting] = useState(false);
  if (review) return <ReviewCard review={review} shopName={order.shopName} />;
  if (!order.canReview) return null;
  return (
    <>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          <Trans>How was your order? Your review helps other buyers and the farm.</Trans>
        </Text>
        <Button variant="light" leftSection={<IconStar size={18} aria-hidden />} onClick={() => setWriting(true)}>
          <Trans>Write a review</Trans>
        </Button>
      </Stack>
      {writing && <ReviewDialog orderId={order.id} shopName={order.shopName} onClose={() => setWriting(false)} />}
    </>
  );
}
