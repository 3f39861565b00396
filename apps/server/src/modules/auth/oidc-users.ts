import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from '@pulse/contract/messages-i18n';
import { randomInt } from 'node:crypto';
import { USERNAME_PATTERN } from '@pulse/contract/auth';
import type { Db } from '../../db/client';
import { findUniqueViolation } from '../../db/find-unique-violation';
import { LOCAL_PROVIDER, type UserRow } from '../../db/schema/users';
import { ConflictError, InvalidError } from '../../errors/domain-errors';
import { findUserByEmail, findUserByProvider, insertUser, isUsernameTaken, linkUserProvider, markEmailVerifiedIfVouched } from './users-repository';

export interface OidcIdentity {
  /** `oidc:<issuer host>` */
  provider: string;
  /** The issuer's `sub` claim. */
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  preferredUsername: string | null;
  name: string | null;
  picture: string | null;
}

const USERNAME_MIN = 3;
const USERNAME_MAX = 30;

/** A username a person would recognise (their SSO name or e-mail prefix), fitted to our rules. */
export function deriveUsernameBase(identity: Pick<OidcIdentity, 'preferredUsername' | 'email' | 'name'>): string {
  const sources = [identity.preferredUsername, identity.email?.split('@')[0], identity.name];
  for (const source of sources) {
    const cleaned = (source ?? '')
      .normalize('NFKD')
      .replace(/\s+/g, '.')
      .replace(/[^a-zA-Z0-9_.-]/g, '')
      .replace(/^[._-]+|[._-]+$/g, '')
      .slice(0, USERNAME_MAX);
    if (cleaned.length >= USERNAME_MIN && USERNAME_PATTERN.test(cleaned)) return cleaned;
  }
  return 'member';
}

async function findFreeUsername(db: Db, base: string): Promise<string> {
  if (!(await isUsernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const suffix = String(randomInt(1000, 1_000_000));
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  throw new Error(`Could not find a free username from "${base}"`);
}

export const SSO_NO_EMAIL_MESSAGE = contractMessage(msg`Your single sign-on account did not share an e-mail address, which this site needs.`);
export const SSO_EMAIL_UNVERIFIED_MESSAGE = contractMessage(msg`An account with this e-mail already exists. Sign in with your password.`);
export const SSO_EMAIL_LINKED_ELSEWHERE_MESSAGE = contractMessage(msg`This e-mail already belongs to an account that uses another sign-in method.`);

/**
 * The user for an SSO sign-in: the one already linked to this subject; else the local account with
 * the same e-mail, which gets linked (unless the issuer says the e-mail is unverified); else a new
 * buyer account with a username derived from the SSO profile.
 */
export async function findOrCreateOidcUser(db: Db, identity: OidcIdentity): Promise<UserRow> {
  return (await resolveOidcUser(db, identity)).user;
}

/**
 * As findOrCreateOidcUser, telling whether this call created the account (`created`): only a new
 * account may be attributed to a referral agent (decision 023), never a linked or existing one,
 * nor one a parallel callback created.
 */
export async function resolveOidcUser(db: Db, identity: OidcIdentity): Promise<{ user: UserRow; created: boolean }> {
  const linked = await findUserByProvider(db, identity.provider, identity.subject);
  if (linked) return { user: await markEmailVerifiedIfVouched(db, linked, identity), created: false };

  const email = identity.email?.trim().toLowerCase();
  if (!email) throw new InvalidError(SSO_NO_EMAIL_MESSAGE);

  const sameEmail = await findUserByEmail(db, email);
  if (sameEmail) {
    // Linking on an unverified address would let anyone who can type someone's e-mail at the
    // issuer take over their account here.
    if (identity.emailVerified === false) throw new ConflictError(SSO_EMAIL_UNVERIFIED_MESSAGE);
    if (sameEmail.provider !== LOCAL_PROVIDER || sameEmail.providerId !== null) {
      throw new ConflictError(SSO_EMAIL_LINKED_ELSEWHERE_MESSAGE);
    }
    const linkedNow = await linkUserProvider(db, sameEmail.id, identity.provider, identity.subject);
    return { user: await markEmailVerifiedIfVouched(db, linkedNow, identity), created: false };
  }

  const base = deriveUsernameBase(identity);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const user = await insertUser(db, {
        email,
        username: await findFreeUsername(db, base),
        passwordHash: null,
        provider: identity.provider,
        providerId: identity.subject,
        profilePictureUrl: identity.picture,
        // The provider vouches for the address (its `email_verified` claim): no mail of ours needed (decision 053).
        emailVerifiedAt: identity.emailVerified === true ? new Date() : null,
      });
      return { user, created: true };
    } catch (error) {
      const constraint = findUniqueViolation(error);
      if (constraint === null) throw error;
      // A parallel callback for the same person won the race: use what it created.
      const winner = (await findUserByProvider(db, identity.provider, identity.subject)) ?? (await findUserByEmail(db, email));
      if (winner) return { user: winner, created: false };
      // Otherwise the username was taken in between; try another one.
    }
  }
  throw new Error('Could not create the single sign-on user after several attempts');
}
