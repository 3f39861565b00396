/**
 * Admin console fixtures (tests/admin-console.spec.ts): an admin of its own (so the audit log the
 * spec reads is not shared), applicants who have not applied yet (the spec applies through the API
 * with an ID photo), a person to suspend, and a farm with a pickup slot and a buyer for a contested refund.
 */
import type { Db } from '../../apps/server/src/db/client';
import { addresses } from '../../apps/server/src/db/schema/addresses';
import { deliverySlots } from '../../apps/server/src/db/schema/delivery-slots';
import { products } from '../../apps/server/src/db/schema/products';
import { createLocalUser } from '../../apps/server/src/modules/auth/auth-service';
import { setSellerStatus } from '../../apps/server/src/modules/sellers/sellers-service';
import { FIXTURE_PASSWORD } from './fixtures';

export const ADMIN_CONSOLE_USERS = {
  admin: { email: 'admin@admin-console.e2e.example', username: 'console_admin_kojo' },
  /** Applies, is approved while watching /seller-application-status. */
  approvedApplicant: { email: 'approve.me@admin-console.e2e.example', username: 'console_applicant_ama' },
  /** Applies, is rejected, applies again. */
  rejectedApplicant: { email: 'reject.me@admin-console.e2e.example', username: 'console_applicant_yaw' },
  /** Suspended by the admin while signed in. */
  suspendee: { email: 'suspend.me@admin-console.e2e.example', username: 'console_suspendee_esi' },
  farm: { email: 'farm@admin-console.e2e.example', username: 'console_farm_adjoa' },
  refundBuyer: { email: 'refund.buyer@admin-console.e2e.example', username: 'console_refund_buyer' },
} as const;

export const ADMIN_CONSOLE_FARM = { name: 'Console Creek Farm', region: 'Volta', lat: 6.6, lng: 0.47 } as const;

export const ADMIN_CONSOLE_PRODUCT = { title: 'Console-lane Plantain Bunch', priceMinor: 1500 } as const;

const HOUR_MS = 60 * 60 * 1000;

export async function seedAdminConsoleFixtures(db: Db): Promise<void> {
  const ids: Record<string, string> = {};
  for (const [key, user] of Object.entries(ADMIN_CONSOLE_USERS)) {
    const roles = key === 'admin' ? ['buyer', 'admin'] : undefined;
    ids[key] = (await createLocalUser(db, { ...user, password: FIXTURE_PASSWORD, ...(roles ? { roles } : {}) })).id;
  }
  await setSellerStatus(db, { email: ADMIN_CONSOLE_USERS.farm.email, status: 'approved', businessName: ADMIN_CONSOLE_FARM.name });
  await db.insert(products).values({
    sellerUserId: ids.farm!,
    title: ADMIN_CONSOLE_PRODUCT.title,
    description: `Plantain from ${ADMIN_CONSOLE_FARM.name}.`,
    category: 'fruits',
    unit: 'piece',
    priceMinor: ADMIN_CONSOLE_PRODUCT.priceMinor,
    stockQuantity: 100,
    originFarmName: ADMIN_CONSOLE_FARM.name,
    originRegion: ADMIN_CONSOLE_FARM.region,
    originLat: ADMIN_CONSOLE_FARM.lat,
    originLng: ADMIN_CONSOLE_FARM.lng,
    status: 'active',
  });
  const startsAt = new Date(Date.now() + 26 * HOUR_MS);
  await db.insert(deliverySlots).values({
    sellerUserId: ids.farm!,
    method: 'pickup',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * HOUR_MS),
    cutoffAt: new Date(startsAt.getTime() - 2 * HOUR_MS),
    capacity: null,
  });
  await db.insert(addresses).values({
    userId: ids.refundBuyer!,
    label: 'Home',
    recipientName: 'Kwame Console',
    phone: '+233 24 555 0199',
    line1: '3 Market Road',
    line2: '',
    city: 'Ho',
    region: 'Volta',
    postalCode: '',
    lat: 6.61,
    lng: 0.47,
    isDefault: true,
  });
}
