import { ZTopUpResponse, type TPaymentOtpInput, type TTopUpResponse } from '@pulse/contract/wallet';
import { apiRequest } from '../api-client';
import { reactToSessionOrOutage } from '../react-to-session-or-outage';

/** The code the mobile money network sent by SMS (a top-up pending with nextAction send_otp). */
export async function postTopUpOtp(id: string, input: TPaymentOtpInput): Promise<TTopUpResponse> {
  return apiRequest(`/api/wallet/top-ups/${encodeURIComponent(id)}/otp`, {
    method: 'POST',
    body: input,
    schema: ZTopUpResponse,
    reactTo: reactToSessionOrOutage,
  });
}
