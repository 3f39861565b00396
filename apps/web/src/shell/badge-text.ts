export const BADGE_CAP = 99;

/** Badge text for a count (spec §9): hidden at 0 or below, the number up to 99, then "99+". */
export function formatBadgeCount(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** The basket badge only shows for a signed-in buyer with items (spec §2 Top bar). */
export function getBasketBadgeText(input: { isSignedIn: boolean; mode: 'buyer' | 'seller'; count: number }): string | null {
  if (!input.isSignedIn || input.mode !== 'buyer') return null;
  return formatBadgeCount(input.count);
}
