import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { basketItems } from '../../db/schema/basket-items';

export async function countBasketLines(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(basketItems).where(eq(basketItems.userId, userId));
  return row?.value ?? 0;
}
