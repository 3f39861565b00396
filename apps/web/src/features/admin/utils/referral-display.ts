import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TAdminAttribution, TAdminAttributionsResponse, TReferralAttributionState, TReferralSource } from '@pulse/contract/referrals';

/** The attributions filter of the Referrals tab (`?referralState=`): every state by default. */
export const REFERRAL_STATE_FILTERS = ['all', 'active', 'expired', 'void'] as const;
export type ReferralStateFilter = (typeof REFERRAL_STATE_FILTERS)[number];

export const REFERRAL_STATE_FILTER_LABELS: Readonly<Record<ReferralStateFilter, MessageDescriptor>> = {
  all: msg`All`,
  active: msg`Earning`,
  expired: msg`Window over`,
  void: msg`Void`,
};

export function parseReferralStateFilter(value: string | null): ReferralStateFilter {
  return REFERRAL_STATE_FILTERS.find((state) => state === value) ?? 'all';
}

/** The `state` query of GET /api/admin/referrals/attributions, none for "all". */
export function referralStateQuery(filter: ReferralStateFilter): TReferralAttributionState | undefined {
  return filter === 'all' ? undefined : filter;
}

export const ATTRIBUTION_STATE_LABELS: Readonly<Record<TReferralAttributionState, MessageDescriptor>> = {
  active: msg`Earning`,
  expired: msg`Window over`,
  void: msg`Void`,
};

export const ATTRIBUTION_STATE_COLORS: Readonly<Record<TReferralAttributionState, string>> = {
  active: 'green',
  expired: 'gray',
  void: 'red',
};

export const REFERRAL_SOURCE_LABELS: Readonly<Record<TReferralSource, MessageDescriptor>> = {
  signup: msg`Link at sign-up`,
  oidc_signup: msg`Link at sign-up (single sign-on)`,
  seller_form: msg`Code in the seller form`,
  referred_person: msg`Farm of a referred person`,
};

/** The void message the agent receives, as the dialog tells the admin. */
export function voidDialogText(agentUsername: string, referredUsername: string): MessageDescriptor {
  return msg`${agentUsername} stops earning on the orders of ${referredUsername}; earnings still waiting for an order to complete are reversed, earned ones stay. ${agentUsername} is told, with your reason.`;
}

/** Puts the server's answer in place of the row it replaces, in every loaded page. */
export function replaceAttribution(
  pages: readonly TAdminAttributionsResponse[],
  attribution: TAdminAttribution,
): TAdminAttributionsResponse[] {
  return pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === attribution.id ? attribution : item)) }));
}
