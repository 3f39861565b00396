import { useLingui } from '@lingui/react/macro';
import type { TProductSummary } from '@pulse/contract/products';
import { AddToBasket } from '../../../components/catalogue/add-to-basket';
import { ProductCard } from '../../../components/catalogue/product-card';
import classes from '../../../components/hub/hub.module.css';

/** The products a post links to, as the catalogue's cards, each with a one-tap "Add to basket". */
export function LinkedProducts({ products }: { products: readonly TProductSummary[] }) {
  const { t } = useLingui();
  if (products.length === 0) return null;
  return (
    <div className={classes.products} data-testid="post-products" aria-label={t`Products in this post`} role="list">
      {products.map((product) => (
        <div key={product.id} className={classes.productSlot} role="listitem">
          <ProductCard product={product} />
          <AddToBasket product={product} compact />
        </div>
      ))}
    </div>
  );
}
