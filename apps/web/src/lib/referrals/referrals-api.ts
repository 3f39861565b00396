import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  ZReferralCodeResponse,
  ZReferralEarningsResponse,
  ZReferralSummary,
  ZReferredPeopleResponse,
  type TReferralCodeResponse,
  type TReferralEarningsResponse,
  type TReferralSummary,
  type TReferredPeopleResponse,
} from '@pulse/contract/referrals';
import { apiRequest, reactToNoFailures } from '../api-client';
import { isApiError } from '../api-error';
import { useAuth } from '../auth/use-auth';
import { reactToSessionOrOutage } from '../react-to-session-or-outage';
import { walletQueryKey } from '../wallet-api';

export const REFERRAL_LIST_PAGE_SIZE = 20;

/** Minutes east of UTC on the viewer's clock: the server cuts today, the month and the chart's days with it. */
function viewerOffsetMinutes(): number {
  const offset = -new Date().getTimezoneOffset();
  return offset === 0 ? 0 : offset;
}

/**
 * Referral queries sit under the wallet key: an order completing (which refreshes the wallet) moves
 * a pending earning to earned here too.
 */
function referralsQueryKey(userId: string | null) {
  return [...walletQueryKey(userId), 'referrals'] as const;
}

/** 403 for a signed-in person who is not an approved referral agent: the page explains instead of failing. */
export function isNotReferralAgentError(error: unknown): boolean {
  return isApiError(error) && error.failure.kind === 'http' && error.failure.status === 403;
}

export async function getReferralSummary(offsetMinutes: number, signal?: AbortSignal): Promise<TReferralSummary> {
  const query = new URLSearchParams({ offsetMinutes: String(offsetMinutes) });
  // A 403 (not a referral agent) is answered in place, never as a toast.
  return apiRequest(`/api/referrals/me?${query.toString()}`, { schema: ZReferralSummary, signal, reactTo: reactToSessionOrOutage });
}

/** The agent's code, share path, funnel, earned and pending, and 30 days of earnings. */
export function useReferralSummary(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const offsetMinutes = viewerOffsetMinutes();
  return useQuery({
    queryKey: [...referralsQueryKey(userId), 'summary', offsetMinutes],
    queryFn: ({ signal }) => getReferralSummary(offsetMinutes, signal),
    enabled: enabled && userId !== null,
    refetchOnWindowFocus: true,
  });
}

async function getReferralPage<T>(path: string, schema: { parse(data: unknown): T }, cursor: string | null, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams({ limit: String(REFERRAL_LIST_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${path}?${query.toString()}`, { schema, signal, reactTo: reactToSessionOrOutage });
}

export function getReferredPeople(cursor: string | null, signal?: AbortSignal): Promise<TReferredPeopleResponse> {
  return getReferralPage('/api/referrals/me/people', ZReferredPeopleResponse, cursor, signal);
}

export function getReferralEarnings(cursor: string | null, signal?: AbortSignal): Promise<TReferralEarningsResponse> {
  return getReferralPage('/api/referrals/me/earnings', ZReferralEarningsResponse, cursor, signal);
}

/** Who signed up with the code, newest first, a page at a time. */
export function useReferredPeople(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...referralsQueryKey(userId), 'people'],
    queryFn: ({ pageParam, signal }) => getReferredPeople(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: enabled && userId !== null,
  });
}

/** One row per order and side, newest first, a page at a time. */
export function useReferralEarnings(enabled: boolean) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...referralsQueryKey(userId), 'earnings'],
    queryFn: ({ pageParam, signal }) => getReferralEarnings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: enabled && userId !== null,
  });
}

export async function getReferralCodeOwner(code: string, signal?: AbortSignal): Promise<TReferralCodeResponse> {
  return apiRequest(`/api/referrals/codes/${encodeURIComponent(code)}`, { schema: ZReferralCodeResponse, signal, reactTo: reactToNoFailures });
}

/** Whose code the browser remembered ("Invited by @username" on sign-up); 404 (unknown or inactive) shows nothing. */
export function useReferralCodeOwner(code: string | null) {
  return useQuery({
    queryKey: ['referral-code', code],
    queryFn: ({ signal }) => getReferralCodeOwner(code ?? '', signal),
    enabled: code !== null,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}
