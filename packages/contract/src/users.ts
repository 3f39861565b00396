import { z } from 'zod';
import { ZId } from './ids';

export const ZRole = z.enum(['buyer', 'seller', 'agent', 'admin']);
export type TRole = z.infer<typeof ZRole>;

/** The languages Pulse Market is written in (docs/decisions/046-languages-lingui.md). */
export const ZLanguage = z.enum(['en', 'fr', 'ak']);
export type TLanguage = z.infer<typeof ZLanguage>;

/** PUT /api/users/me/language: the signed-in user's language, used for everything written to them. */
export const ZSetLanguageRequest = z.object({ language: ZLanguage });
export const ZSetLanguageResponse = z.object({ language: ZLanguage });

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
  /** The address was confirmed through its mail's link, or the sign-on provider vouched for it (decision 053). */
  email_verified: z.boolean(),
  /** The language chosen by the user; null until the first sign-in stores the one in use. */
  language: ZLanguage.nullable(),
});
export type TUser = z.infer<typeof ZUser>;
