import { z } from 'zod';

export const ZUnreadCountResponse = z.object({ unreadCount: z.number().int().nonnegative() });
export type TUnreadCountResponse = z.infer<typeof ZUnreadCountResponse>;

export const ZBasketCountResponse = z.object({ count: z.number().int().nonnegative() });
export type TBasketCountResponse = z.infer<typeof ZBasketCountResponse>;
