import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';
import { ZProductStatus, ZProductUnit } from './products';

/** One basket line with the product as it is now: price and stock are re-read on every load. */
export const ZBasketItem = z.object({
  id: ZId,
  productId: ZId,
  title: z.string(),
  unit: ZProductUnit,
  thumbUrl: z.string().nullable(),
  unitPriceMinor: ZMinor,
  quantity: z.number().int().positive(),
  minOrderQuantity: z.number().int().positive(),
  availableQuantity: z.number().int().nonnegative(),
  productStatus: ZProductStatus,
  lineTotalMinor: ZMinor,
  /** Null when the line can be bought as it is; otherwise why not (sold out, below minimum, ...). */
  problem: z.string().nullable(),
});
export type TBasketItem = z.infer<typeof ZBasketItem>;

export const ZBasketSellerGroup = z.object({
  sellerUserId: ZId,
  shopName: z.string(),
  items: z.array(ZBasketItem),
  subtotalMinor: ZMinor,
});
export type TBasketSellerGroup = z.infer<typeof ZBasketSellerGroup>;

/** GET /api/baskets: lines grouped by seller, totals computed by the server. */
export const ZBasketResponse = z.object({
  groups: z.array(ZBasketSellerGroup),
  itemCount: z.number().int().nonnegative(),
  subtotalMinor: ZMinor,
  currency: z.string(),
  /** True when some line has a problem that blocks checkout. */
  hasProblems: z.boolean(),
});
export type TBasketResponse = z.infer<typeof ZBasketResponse>;

const ZQuantity = z
  .number({ message: contractMessage(msg`Enter a quantity`) })
  .int({ message: contractMessage(msg`The quantity must be a whole number`) })
  .min(1, { message: contractMessage(msg`The quantity must be at least 1`) })
  .max(100_000, { message: contractMessage(msg`The quantity is too high`) });

/** POST /api/baskets/items: adds to the line of that product (or creates it). */
export const ZAddBasketItemInput = z.object({ productId: ZId, quantity: ZQuantity });
export type TAddBasketItemInput = z.infer<typeof ZAddBasketItemInput>;

/** PATCH /api/baskets/items/{itemId}: sets the quantity. */
export const ZUpdateBasketItemInput = z.object({ quantity: ZQuantity });
export type TUpdateBasketItemInput = z.infer<typeof ZUpdateBasketItemInput>;

export const ZBasketItemParams = z.object({ itemId: ZId });
