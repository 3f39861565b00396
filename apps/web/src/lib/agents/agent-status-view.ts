import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { agentKindLabels, type TAgentApplication } from '@pulse/contract/agents';
import { formatNumber } from '../format';
import type { ApplicationStatusView } from '../../components/application-status-card';
import { contractText } from '../contract-text';

/** An agent application as the shared status card reads it. */
export function agentStatusView(i18n: I18n, application: TAgentApplication | null): ApplicationStatusView | null {
  if (!application) return null;
  const km = formatNumber(application.workingRadiusKm, 1);
  return {
    status: application.status,
    name: contractText(agentKindLabels[application.kind]),
    detail: [application.region, i18n._(msg`${km} km around home`)].filter(Boolean).join(' · '),
    submittedAt: application.submittedAt,
    reviewedAt: application.reviewedAt,
    rejectionReason: application.rejectionReason,
  };
}
