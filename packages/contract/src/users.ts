import { z } from 'zod';
import { ZId } from './ids';

export const ZRole = z.enum(['buyer', 'seller', 'agent', 'admin']);
export type TRole = z.infer<typeof ZRole>;

/** The user as the spec (§3) names its fields; mixed casing is the spec's. */
export const ZUser = z.object({
  id: ZId,
  provider: z.string(),
  providerId: z.string().nullable(),
  roles: z.array(ZRole),
  agentId: ZId.nullable(),
  sellerId: ZId.nullable(),
  username: z.string(),
  email: z.email(),
  profile_picture_url: z.string().nullable(),
  bio: z.string().nullable(),
  profession: z.string().nullable(),
  is_legacy_creator: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;
