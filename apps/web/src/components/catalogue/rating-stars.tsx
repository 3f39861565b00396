import classes from './rating-stars.module.css';

const FONT_SIZES = { xs: 12, sm: 14, md: 18 } as const;

/**
 * Five read-only stars filled to `value` (0-5) in quarter steps, drawn with text and a clip: the
 * listing shows one per card, and Mantine's interactive Rating is not needed for reading.
 */
export function RatingStars({ value, size }: { value: number; size: keyof typeof FONT_SIZES }) {
  const quarters = Math.round(Math.min(5, Math.max(0, value)) * 4) / 4;
  return (
    <span className={classes.stars} style={{ fontSize: FONT_SIZES[size] }} aria-hidden>
      ★★★★★
      <span className={classes.filled} style={{ width: `${(quarters / 5) * 100}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
