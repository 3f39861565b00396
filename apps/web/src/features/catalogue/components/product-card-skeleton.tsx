import { Skeleton, Stack } from '@mantine/core';
import classes from '../../../components/catalogue/product-card.module.css';

/** A card-shaped placeholder while a page of products loads. */
export function ProductCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <div className={classes.media}>
        <Skeleton height="100%" radius={0} />
      </div>
      <Stack gap={8} p={12}>
        <Skeleton height={12} width="85%" />
        <Skeleton height={12} width="55%" />
        <Skeleton height={16} width="40%" mt={4} />
        <Skeleton height={10} width="70%" />
      </Stack>
    </div>
  );
}
