import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TPayoutMethod } from '@pulse/contract/sellers';

/** The payout methods as applicants read them (same English as the contract's payoutMethodLabels); render with i18n._(). */
export const PAYOUT_METHOD_NAMES: Readonly<Record<TPayoutMethod, MessageDescriptor>> = {
  mobile_money: msg`Mobile money`,
  bank: msg`Bank account`,
};
