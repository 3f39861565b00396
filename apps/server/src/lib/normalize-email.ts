import normalizeEmailByProvider from 'validator/lib/normalizeEmail.js';

/**
 * One canonical form per mailbox, for the referral self-referral guard (decision 023): lower case,
 * no `+tag` on any domain, and for Gmail no dots in the local part and googlemail.com read as
 * gmail.com (validator knows the provider rules). Not for storage or sending: only to compare two
 * addresses. A string that is not an e-mail address comes back trimmed and lower-cased.
 */
export function normalizeEmail(email: string): string {
  const lowered = email.trim().toLowerCase();
  const loweredAt = lowered.lastIndexOf('@');
  if (loweredAt <= 0 || loweredAt === lowered.length - 1) return lowered;
  const byProvider = normalizeEmailByProvider(lowered, { all_lowercase: true }) || lowered;
  const at = byProvider.lastIndexOf('@');
  if (at <= 0) return byProvider;
  const local = byProvider.slice(0, at).split('+')[0] ?? '';
  return `${local || byProvider.slice(0, at)}${byProvider.slice(at)}`;
}

/** Whether two addresses reach the same mailbox once normalised. */
export function isSameMailbox(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}
