import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';
import { ZOrderSummary, type TOrderStatus } from './orders';
import { ZProductStatus, ZProductUnit } from './products';

/** The order statuses the farm has to act on, in the dashboard's order. */
export const SELLER_ACTION_STATUSES = ['paid', 'accepted', 'ready', 'refund_requested'] as const satisfies readonly TOrderStatus[];
export type TSellerActionStatus = (typeof SELLER_ACTION_STATUSES)[number];

/**
 * Orders counted as sales: paid and neither cancelled nor refunded (an order whose refund is asked,
 * contested or refused still counts, less what already went back to the buyer).
 */
export const SALES_STATUSES = [
  'paid',
  'accepted',
  'ready',
  'in_transit',
  'delivered',
  'completed',
  'refund_requested',
  'refund_disputed',
  'refund_rejected',
] as const satisfies readonly TOrderStatus[];

export const ZSellerActionQueue = z.object({
  /** How many orders are in this status. */
  count: z.number().int().nonnegative(),
  /** The newest 10. */
  items: z.array(ZOrderSummary),
});
export type TSellerActionQueue = z.infer<typeof ZSellerActionQueue>;

export const ZSalesFigure = z.object({
  /** Totals (produce + delivery fee) less what went back to buyers. */
  salesMinor: ZMinor,
  orderCount: z.number().int().nonnegative(),
});
export type TSalesFigure = z.infer<typeof ZSalesFigure>;

export const ZSalesDay = ZSalesFigure.extend({ date: z.string() });
export type TSalesDay = z.infer<typeof ZSalesDay>;

export const ZLowStockProduct = z.object({
  id: ZId,
  title: z.string(),
  unit: ZProductUnit,
  status: ZProductStatus,
  /** stock - reserved */
  available: z.number().int(),
  minOrderQuantity: z.number().int().positive(),
  /** Low when available <= threshold = max(5, minOrderQuantity). */
  threshold: z.number().int().positive(),
  thumbUrl: z.string().nullable(),
});
export type TLowStockProduct = z.infer<typeof ZLowStockProduct>;

/** GET /api/seller/dashboard?tzOffsetMinutes= (seller role). */
export const ZSellerDashboardResponse = z.object({
  currency: z.string(),
  /** The UTC offset the days were cut with. */
  tzOffsetMinutes: z.number().int(),
  actionQueues: z.object({
    paid: ZSellerActionQueue,
    accepted: ZSellerActionQueue,
    ready: ZSellerActionQueue,
    refund_requested: ZSellerActionQueue,
  }),
  /** Sales of orders paid today / this calendar month (statuses in `salesStatuses`). */
  sales: z.object({ today: ZSalesFigure, month: ZSalesFigure }),
  /** The statuses counted as sales. */
  salesStatuses: z.array(z.string()),
  /** The last 30 days by payment day, oldest first, today last (for the chart). */
  series: z.array(ZSalesDay),
  /** Active products with available <= max(5, min order), lowest first, at most 10. */
  lowStock: z.array(ZLowStockProduct),
  lowStockCount: z.number().int().nonnegative(),
});
export type TSellerDashboardResponse = z.infer<typeof ZSellerDashboardResponse>;
