import type { TWalletEntry } from '@pulse/contract/wallet';
import type { Db } from '../../db/client';
import { findTipPartiesByLedgerTransactions } from './hub-tips-repository';

/**
 * A tip is one ledger movement with one memo; the wallet history words it from each side:
 * "Tip to @author" for the tipper, "Tip from @tipper" for the author.
 */
export async function describeTipEntries<Entry extends Pick<TWalletEntry, 'id' | 'kind' | 'memo' | 'availableChangeMinor'>>(
  db: Db,
  entries: Entry[],
): Promise<Entry[]> {
  const parties = await findTipPartiesByLedgerTransactions(
    db,
    entries.filter((entry) => entry.kind === 'tip').map((entry) => entry.id),
  );
  return entries.map((entry) => {
    const tip = entry.kind === 'tip' ? parties.get(entry.id) : undefined;
    if (!tip) return entry;
    return { ...entry, memo: entry.availableChangeMinor < 0 ? `Tip to @${tip.authorUsername}` : `Tip from @${tip.tipperUsername}` };
  });
}
