/**
 * The demo marketplace's own accounts (apps/server/src/seed), which the demo server seeds on its
 * first start like `npm start` does. The demo passwords are public by design (README).
 */
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/catalogue-data';
import { DEMO_AGENT_KOFI_EMAIL } from '../../apps/server/src/seed/demo-delivery-seed';
import { DEMO_BUYER_EMAIL, DEMO_SELLER_EMAIL } from '../../apps/server/src/seed/demo-seed';
import { signInThroughForm } from './sign-in';

export { DEMO_PORT, DEMO_URL } from './demo-address';
export { DEMO_PASSWORD };

export const DEMO_USERS = {
  buyer: { email: DEMO_BUYER_EMAIL },
  /** Green Valley Farm: an approved seller who also shops (buyer mode first, seller mode from the menu). */
  seller: { email: DEMO_SELLER_EMAIL },
  /** Kofi: a Pulse Agent for deliveries and referrals. */
  agent: { email: DEMO_AGENT_KOFI_EMAIL },
} as const;

export type DemoUserKey = keyof typeof DEMO_USERS;

/** Signs a demo account in through the /login form, as a newcomer would. */
export async function signInAsDemo(page: Page, user: { email: string }): Promise<void> {
  await signInThroughForm(page, user, { password: DEMO_PASSWORD });
}
