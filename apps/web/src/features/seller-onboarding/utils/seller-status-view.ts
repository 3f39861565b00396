import type { TSellerApplication } from '@pulse/contract/sellers';
import type { ApplicationStatusView } from '../../../components/application-status-card';

/** A seller application as the shared status card reads it. */
export function sellerStatusView(application: TSellerApplication | null): ApplicationStatusView | null {
  if (!application) return null;
  return {
    status: application.status,
    name: application.businessName,
    detail: application.region,
    submittedAt: application.submittedAt,
    reviewedAt: application.reviewedAt,
    rejectionReason: application.rejectionReason,
  };
}
