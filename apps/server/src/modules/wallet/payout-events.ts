import type { PayoutRow } from '../../db/schema/ledger';

/** The events the wallet's payouts publish on the domain-event seam (decision 052); mail listens. */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** In the transaction that applied the provider's answer: the payout was sent (succeeded), failed or reversed (its money is back in the wallet). */
    'payout.decided': { payout: PayoutRow };
  }
}
