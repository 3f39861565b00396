import { ZCreateReportResponse, type TCreateReportInput } from '@pulse/contract/hub';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

/** 409 ALREADY_REPORTED_MESSAGE, REPORT_OWN_MESSAGE and field messages show in the dialog as they are. */
export function postReport(input: TCreateReportInput): Promise<{ id: string }> {
  return apiRequest('/api/hub/reports', { method: 'POST', body: input, schema: ZCreateReportResponse, reactTo: reactToSessionOrOutage });
}
