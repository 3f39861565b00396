import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TProductSummary } from '@pulse/contract/products';
import { ProductCard } from '../../../components/catalogue/product-card';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { ProductCardSkeleton } from './product-card-skeleton';
import classes from '../../../components/catalogue/listing.module.css';

/**
 * Cards rendered in the first task, and whose photo is fetched at once: what a phone (Moto G Power,
 * 412 x 823, two columns) shows of the grid below the search, categories and toolbar, and the first
 * row on a desktop. The first card's photo is the listing's largest paint.
 */
export const FIRST_CARDS = 4;

/**
 * The listing's grid of products: the first cards at once, the rest after a yield (issue 26, no long
 * task). `children` (what follows the list: the next page's sentinel) show once every card is there.
 */
export function ProductGrid({ items, dimmed, loadingMore, children }: { items: readonly TProductSummary[]; dimmed: boolean; loadingMore: boolean; children?: ReactNode }) {
  const { t } = useLingui();
  const count = useProgressiveCount(items.length, FIRST_CARDS);
  return (
    <>
      {/* Busy while cards are still being added: assistive technology (and a test) can wait for the whole page. */}
      <ul className={classes.grid} aria-label={t`Products`} aria-busy={count < items.length} style={{ opacity: dimmed ? 0.55 : 1, transition: 'opacity 150ms' }}>
        {items.slice(0, count).map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} eager={index < FIRST_CARDS} />
          </li>
        ))}
        {loadingMore &&
          Array.from({ length: 4 }, (_, index) => (
            <li key={`more-${index}`} aria-hidden>
              <ProductCardSkeleton />
            </li>
          ))}
      </ul>
      {count === items.length && children}
    </>
  );
}
