import { Group, Text } from '@mantine/core';
import { formatRating } from '../utils/format-price';
import { RatingStars } from './rating-stars';

/** Stars with the average and how many ratings it is from; "No ratings yet" before the first. */
export function RatingSummary({ average, count, size = 'xs' }: { average: number | null; count: number; size?: 'xs' | 'sm' | 'md' }) {
  if (average === null || count === 0) {
    return (
      <Text size={size} c="dimmed">
        No ratings yet
      </Text>
    );
  }
  const label = `Rated ${formatRating(average)} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`;
  return (
    <Group gap={6} wrap="nowrap" aria-label={label} role="img">
      <RatingStars value={average} size={size} />
      <Text size={size} c="dimmed" aria-hidden>
        {formatRating(average)} ({count})
      </Text>
    </Group>
  );
}
