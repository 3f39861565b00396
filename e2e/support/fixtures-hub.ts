/**
 * Pulse Hub journey fixtures (tests/hub-journey.spec.ts): an approved farm that posts and links its
 * product, a reader who follows, likes, comments, tips and reports, and a moderator of its own (an
 * admin nobody else signs in as). Nobody else uses these rows.
 */
import type { Db } from '../../apps/server/src/db/client';
import { products } from '../../apps/server/src/db/schema/products';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const HUB_LANE_USERS = {
  author: { email: 'ama.honey@hub.e2e.example', username: 'hub_ama_honey' },
  reader: { email: 'kofi.reader@hub.e2e.example', username: 'hub_kofi_reader' },
  moderator: { email: 'moderator@hub.e2e.example', username: 'hub_moderator' },
} as const;

export const HUB_LANE_FARM = { name: 'Ama Forest Apiary', region: 'Eastern' } as const;

export const HUB_LANE_PRODUCT = { title: 'Hub-lane Forest Honey', unit: 'piece', priceMinor: 1250, stock: 200 } as const;

export async function seedHubLaneFixtures(db: Db): Promise<void> {
  const author = await createLocalUser(db, { ...HUB_LANE_USERS.author, password: FIXTURE_PASSWORD });
  await createLocalUser(db, { ...HUB_LANE_USERS.reader, password: FIXTURE_PASSWORD });
  await createLocalUser(db, { ...HUB_LANE_USERS.moderator, password: FIXTURE_PASSWORD, roles: ['buyer', 'admin'] });
  await setSellerStatus(db, { email: HUB_LANE_USERS.author.email, status: 'approved', businessName: HUB_LANE_FARM.name });
  await db.insert(products).values({
    sellerUserId: author.id,
    title: HUB_LANE_PRODUCT.title,
    description: `Raw honey from ${HUB_LANE_FARM.name}.`,
    category: 'honey_and_preserves',
    unit: HUB_LANE_PRODUCT.unit,
    priceMinor: HUB_LANE_PRODUCT.priceMinor,
    stockQuantity: HUB_LANE_PRODUCT.stock,
    originFarmName: HUB_LANE_FARM.name,
    originRegion: HUB_LANE_FARM.region,
    status: 'active',
  });
}
