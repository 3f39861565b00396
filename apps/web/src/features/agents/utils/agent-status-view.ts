import { agentKindLabels, type TAgentApplication } from '@pulse/contract/agents';
import type { ApplicationStatusView } from '../../../components/application-status-card';

/** An agent application as the shared status card reads it. */
export function agentStatusView(application: TAgentApplication | null): ApplicationStatusView | null {
  if (!application) return null;
  return {
    status: application.status,
    name: agentKindLabels[application.kind],
    detail: [application.region, `${application.workingRadiusKm} km around home`].filter(Boolean).join(' · '),
    submittedAt: application.submittedAt,
    reviewedAt: application.reviewedAt,
    rejectionReason: application.rejectionReason,
  };
}
