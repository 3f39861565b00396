import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agents } from '../../../db/schema/agents';
import { users } from '../../../db/schema/users';
import { createId } from '../../../db/new-id';
import { bearer, registerTestUser } from '../../../testing/auth-helpers';
import { insertUpload } from '../../uploads/uploads-repository';

export interface TestAgent {
  id: string;
  token: string;
  username: string;
  agentId: string;
}

/** A private ID-document upload owned by `userId` (no bytes: the pipeline is not under test). */
export async function privateUploadFor(app: FastifyInstance, userId: string): Promise<string> {
  const id = createId();
  await insertUpload(app.db, {
    id,
    ownerUserId: userId,
    storageKey: `private/${id}.webp`,
    thumbStorageKey: null,
    contentType: 'image/webp',
    byteSize: 1000,
    width: 800,
    height: 600,
  });
  return id;
}

/** A public image upload (proof photos) owned by `userId`. */
export async function publicUploadFor(app: FastifyInstance, userId: string): Promise<string> {
  const id = createId();
  await insertUpload(app.db, {
    id,
    ownerUserId: userId,
    storageKey: `images/${id}.webp`,
    thumbStorageKey: null,
    contentType: 'image/webp',
    byteSize: 1000,
    width: 800,
    height: 600,
  });
  return id;
}

export function agentApplicationBody(idDocumentUploadId: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'delivery',
    region: 'Ashanti',
    lat: 6.69,
    lng: -1.62,
    workingRadiusKm: 25,
    vehicle: 'motorbike',
    phone: '+233 24 555 0101',
    payout: { method: 'mobile_money', accountName: 'Kofi Boateng', accountNumber: '0245550101', providerName: 'MTN MoMo' },
    idDocumentUploadId,
    termsAccepted: true,
    ...overrides,
  };
}

/** An approved agent (row + role) at `location` with `radiusKm`, without going through the admin queue. */
export async function createApprovedAgent(
  app: FastifyInstance,
  options: { lat?: number | null; lng?: number | null; radiusKm?: number; kind?: 'delivery' | 'referral' | 'both'; status?: 'approved' | 'pending' | 'rejected' } = {},
): Promise<TestAgent> {
  const registered = await registerTestUser(app);
  const status = options.status ?? 'approved';
  if (status === 'approved') await app.db.update(users).set({ roles: sql`array['buyer','agent']::text[]` }).where(eq(users.id, registered.user.id));
  const [row] = await app.db
    .insert(agents)
    .values({
      userId: registered.user.id,
      kind: options.kind ?? 'delivery',
      status,
      region: 'Ashanti',
      lat: options.lat === undefined ? 6.69 : options.lat,
      lng: options.lng === undefined ? -1.62 : options.lng,
      workingRadiusKm: options.radiusKm ?? 25,
      vehicle: 'motorbike',
      phone: '+233 24 555 0101',
      payoutMethod: 'mobile_money',
      payoutAccountName: registered.user.username,
      payoutAccountNumber: '0245550101',
      payoutProviderName: 'MTN MoMo',
    })
    .returning({ id: agents.id });
  if (!row) throw new Error('agent not inserted');
  return { id: registered.user.id, token: registered.token, username: registered.user.username, agentId: row.id };
}

export { bearer };
