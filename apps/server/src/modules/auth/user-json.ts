import { ZLanguage, ZRole, type TRole, type TUser } from '@pulse/contract/users';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { findApprovedProfileIds } from './users-repository';

function toRoles(values: string[]): TRole[] {
  return values.filter((value): value is TRole => ZRole.safeParse(value).success);
}

/** The user as every API response shows it (ZUser). */
export async function getUserJson(db: Db, user: UserRow): Promise<TUser> {
  const { agentId, sellerId } = await findApprovedProfileIds(db, user.id);
  return {
    id: user.id,
    provider: user.provider,
    providerId: user.providerId,
    roles: toRoles(user.roles),
    agentId,
    sellerId,
    username: user.username,
    email: user.email,
    profile_picture_url: user.profilePictureUrl,
    bio: user.bio,
    profession: user.profession,
    is_legacy_creator: user.isLegacyCreator,
    email_verified: user.emailVerifiedAt !== null,
    language: ZLanguage.safeParse(user.language).data ?? null,
  };
}
