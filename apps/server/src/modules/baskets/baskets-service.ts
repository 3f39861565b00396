import type { TBasketCountResponse } from '@pulse/contract/counts';
import type { Db } from '../../db/client';
import { countBasketLines } from './baskets-repository';

/** The badge counts lines (distinct products), not units: 3 kg of tomatoes is one line. */
export async function getBasketCount(db: Db, userId: string): Promise<TBasketCountResponse> {
  return { count: await countBasketLines(db, userId) };
}
