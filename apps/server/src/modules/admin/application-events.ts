import type { TApplicationKind } from '@pulse/contract/admin';

/** The events the admin's application queue publishes on the domain-event seam (decision 052); mail listens. */
declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** In the decision's transaction: an admin approved or rejected a seller's or an agent's application. */
    'application.decided': {
      kind: TApplicationKind;
      applicationId: string;
      userId: string;
      /** The shop's or the agent's name as the application gives it. */
      displayName: string;
      status: 'approved' | 'rejected';
      reason: string | null;
    };
  }
}
