import { Group, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatRating } from '../../lib/catalogue/format-price';
import { RatingStars } from './rating-stars';

/** Stars with the average and how many ratings it is from; "No ratings yet" before the first. */
export function RatingSummary({ average, count, size = 'xs' }: { average: number | null; count: number; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useLingui();
  if (average === null || count === 0) {
    return (
      <Text size={size} c="dimmed">
        <Trans>No ratings yet</Trans>
      </Text>
    );
  }
  const rating = formatRating(average);
  const label = t`Rated ${rating} out of 5 from ${plural(count, { one: '# rating', other: '# ratings' })}`;
  return (
    <Group gap={6} wrap="nowrap" aria-label={label} role="img">
      <RatingStars value={average} size={size} />
      <Text size={size} c="dimmed" aria-hidden>
        {formatRating(average)} ({count})
      </Text>
    </Group>
  );
}
