import type { TWalletEntry } from '@pulse/contract/wallet';
import type { Db } from '../../db/client';

/** What a describer may read and reword on a wallet history line. */
export type DescribableEntry = Pick<TWalletEntry, 'id' | 'kind' | 'memo' | 'availableChangeMinor'>;

/**
 * Words the wallet history lines of the ledger kinds its module owns (a tip names its person, a
 * referral earning its order): returns the page with those lines' memos replaced, every other line
 * as it came. It never drops or reorders lines.
 */
export type WalletEntryDescriber = <Entry extends DescribableEntry>(db: Db, entries: Entry[]) => Promise<Entry[]>;

/**
 * The describers by id, in registration order (decision 052): the modules that post their own
 * ledger kinds (hub tips, referral earnings) register at start-up, so the wallet imports none of
 * them. One registry per process, like the domain events; the same id again replaces.
 */
const describers = new Map<string, WalletEntryDescriber>();

export function registerWalletEntryDescriber(id: string, describer: WalletEntryDescriber): void {
  describers.set(id, describer);
}

/** A history page with every registered describer applied, in registration order. */
export async function describeWalletEntries<Entry extends DescribableEntry>(db: Db, entries: Entry[]): Promise<Entry[]> {
  let described = entries;
  for (const describer of describers.values()) described = await describer(db, described);
  return described;
}
