import type { FastifyInstance } from 'fastify';
import type { TDiscountCode } from '@pulse/contract/discounts';
import { bearer } from '../../testing/auth-helpers';
import type { TestUser } from '../orders/testing/order-fixtures';

/** A farm's code (or, with scope 'admin', a platform code) made through the API. */
export async function createCodeFor(app: FastifyInstance, user: TestUser, body: Record<string, unknown>, scope: 'seller' | 'admin' = 'seller'): Promise<TDiscountCode> {
  const response = await app.inject({ method: 'POST', url: `/api/${scope}/discount-codes`, headers: bearer(user.token), payload: body });
  if (response.statusCode !== 201) throw new Error(`code not created: ${response.statusCode} ${response.body}`);
  return response.json() as TDiscountCode;
}
