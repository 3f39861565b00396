import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';

/**
 * Referral programme (issue 13, decision 023). Approved agents of kind `referral` or `both` have a
 * short code (`AMA-7K2`); any page opened with `?ref=CODE` remembers it in the browser for
 * REFERRAL_WINDOW_DAYS; signing up (e-mail or OpenID Connect) within that window attributes the new
 * user to the agent (side `buyer`); the seller application's referral code field attributes the new
 * farm (side `farm`). On each completed order of a referred buyer within REFERRAL_BUYER_DAYS of the
 * attribution, and of a referred farm within REFERRAL_SELLER_DAYS, the agent earns REFERRAL_SHARE_BPS
 * of the platform's commission on that order through the ledger (kind `referral_earning`).
 *
 * Routes: /api/referrals/* (agent and visitor), /api/admin/referrals/* (admin).
 */

// ----- Constants (defaults; the server reads REFERRAL_* from its environment) -----

/** How long the browser remembers a `?ref=` code (days). */
export const REFERRAL_WINDOW_DAYS = 30;
/** A referred buyer's orders earn for this many days after the attribution. */
export const REFERRAL_BUYER_DAYS = 90;
/** A referred farm's orders earn for this many days after the attribution. */
export const REFERRAL_SELLER_DAYS = 180;
/** The agent's share of the platform's commission, in basis points (2000 = 20%). */
export const REFERRAL_SHARE_BPS = 2000;
/** The query parameter of a share link. */
export const REFERRAL_QUERY_PARAM = 'ref';
/** A visit from the same browser counts once per code in this many hours. */
export const REFERRAL_VISIT_BROWSER_HOURS = 24;
/** At most this many visits per code and IP address count in an hour. */
export const REFERRAL_VISITS_PER_IP_HOUR = 5;
/** Codes look like AMA-7K2: three letters of the agent's name, a dash, three characters. */
export const REFERRAL_CODE_SHAPE = /^[A-Z]{3}-[A-Z0-9]{3}$/;
export const REFERRAL_PAGE_DEFAULT_LIMIT = 20;
export const REFERRAL_PAGE_MAX_LIMIT = 50;

// ----- Messages (shown as they are) -----

export const REFERRAL_CODE_UNKNOWN_MESSAGE = contractMessage(msg`This referral code does not exist`);
export const REFERRAL_CODE_INACTIVE_MESSAGE = contractMessage(msg`This referral code is no longer active`);
export const REFERRAL_SELF_MESSAGE = contractMessage(msg`You cannot use your own referral code`);
export const REFERRAL_SAME_PAYOUT_MESSAGE = contractMessage(msg`This referral code belongs to an agent with the same payout details as yours`);
export const REFERRAL_NOT_REFERRAL_AGENT_MESSAGE = contractMessage(msg`Referral codes are for referral agents. Apply as a referral agent to get one.`);
export const REFERRAL_ATTRIBUTION_NOT_FOUND_MESSAGE = contractMessage(msg`Attribution not found`);
export const REFERRAL_ALREADY_VOID_MESSAGE = contractMessage(msg`This attribution is already void`);

// ----- Shared shapes -----

/** Normalised upper case; accepts what people type ("ama-7k2", " AMA-7K2 "). */
export const ZReferralCode = z
  .string({ message: contractMessage(msg`Enter a referral code`) })
  // Room for the spaces people paste around a code; the pipe below holds the code itself to 20.
  .max(100, { message: contractMessage(msg`A referral code is 4 to 20 letters, digits or dashes`) })
  .trim()
  .toUpperCase()
  .pipe(
    z
      .string()
      .max(20, { message: contractMessage(msg`A referral code is 4 to 20 letters, digits or dashes`) })
      .regex(/^[A-Z0-9][A-Z0-9-]{2,18}[A-Z0-9]$/, { message: contractMessage(msg`A referral code is 4 to 20 letters, digits or dashes`) }),
  );

/** Which side of a sale the referred person is on. */
export const ZReferralSide = z.enum(['buyer', 'farm']);
export type TReferralSide = z.infer<typeof ZReferralSide>;

/** How the attribution was made: a share link at sign-up (e-mail or OpenID Connect), the seller form's code, or the farm of a person the agent had already referred. */
export const ZReferralSource = z.enum(['signup', 'oidc_signup', 'seller_form', 'referred_person']);
export type TReferralSource = z.infer<typeof ZReferralSource>;

/** pending: the order is paid, not completed; available: posted through the ledger; reversed: cancelled, refunded or voided before completion. */
export const ZReferralEarningStatus = z.enum(['pending', 'available', 'reversed']);
export type TReferralEarningStatus = z.infer<typeof ZReferralEarningStatus>;

export const referralEarningStatusLabels: Record<TReferralEarningStatus, string> = {
  pending: contractMessage(msg`Pending`),
  available: contractMessage(msg`Earned`),
  reversed: contractMessage(msg`Reversed`),
};
export const referralSideLabels: Record<TReferralSide, string> = { buyer: contractMessage(msg`Buyer`), farm: contractMessage(msg`Farm`) };

/** active: earning; expired: past its window; void: voided by an admin. */
export const ZReferralAttributionState = z.enum(['active', 'expired', 'void']);
export type TReferralAttributionState = z.infer<typeof ZReferralAttributionState>;

// ----- Visitor -----

/** GET /api/referrals/codes/{code}: whose code it is (for "Invited by ..." on sign-up). 404 when unknown or inactive. */
export const ZReferralCodeParams = z.object({ code: ZReferralCode });
export const ZReferralCodeResponse = z.object({
  code: z.string(),
  agentUsername: z.string(),
  agentProfilePictureUrl: z.string().nullable(),
});
export type TReferralCodeResponse = z.infer<typeof ZReferralCodeResponse>;

/**
 * POST /api/referrals/visits: a page was opened with `?ref=CODE`. `visitorId` is a random id the
 * browser keeps; a visit counts at most once per browser and code in REFERRAL_VISIT_BROWSER_HOURS
 * and at most REFERRAL_VISITS_PER_IP_HOUR times per IP address and code in an hour. Always 202
 * (an unknown code counts nothing), so the page never waits on it.
 */
export const ZReferralVisitRequest = z.object({
  code: ZReferralCode,
  visitorId: z.uuid({ message: contractMessage(msg`visitorId must be a UUID`) }).max(36, { message: contractMessage(msg`visitorId must be a UUID`) }),
  path: z.string().max(300).default('/'),
});
export type TReferralVisitRequest = z.input<typeof ZReferralVisitRequest>;
export const ZReferralVisitResponse = z.object({ counted: z.boolean() });
export type TReferralVisitResponse = z.infer<typeof ZReferralVisitResponse>;

// ----- Agent (approved, kind referral or both) -----

export const ZReferralEarningDay = z.object({
  /** YYYY-MM-DD in the viewer's offset. */
  date: z.string(),
  earnedMinor: ZMinor,
});

/** GET /api/referrals/me (?offsetMinutes= like the wallet) */
export const ZReferralSummaryQuery = z.object({ offsetMinutes: z.coerce.number().int().min(-840).max(840).default(0) });
export const ZReferralSummary = z.object({
  code: z.string(),
  /** Path and query to share, e.g. "/?ref=AMA-7K2"; the web app puts its own origin in front. */
  sharePath: z.string(),
  currency: z.string(),
  shareBps: z.number().int(),
  buyerDays: z.number().int(),
  sellerDays: z.number().int(),
  windowDays: z.number().int(),
  funnel: z.object({
    /** Counted link visits (rate-limited). */
    visits: z.number().int().nonnegative(),
    /** People who signed up with the code (buyer side), voided ones excluded. */
    signUps: z.number().int().nonnegative(),
    /** Farms attributed (seller applications). */
    farms: z.number().int().nonnegative(),
    /** Referred people and farms with at least one paid order. */
    firstOrders: z.number().int().nonnegative(),
  }),
  /** Earned through the ledger (available or already paid out). */
  earnedMinor: ZMinor,
  /** Waiting for orders to complete. */
  pendingMinor: ZMinor,
  /** Earned today / this month in the viewer's offset. */
  todayMinor: ZMinor,
  monthMinor: ZMinor,
  /** The last 30 days, oldest first, today last. */
  series: z.array(ZReferralEarningDay),
});
export type TReferralSummary = z.infer<typeof ZReferralSummary>;

export const ZReferralListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(REFERRAL_PAGE_MAX_LIMIT).default(REFERRAL_PAGE_DEFAULT_LIMIT),
});

/** GET /api/referrals/me/people: who signed up with the code, newest first. */
export const ZReferredPerson = z.object({
  attributionId: ZId,
  username: z.string(),
  profilePictureUrl: z.string().nullable(),
  side: ZReferralSide,
  /** For a farm: its shop name. */
  farmName: z.string().nullable(),
  source: ZReferralSource,
  state: ZReferralAttributionState,
  attributedAt: z.string(),
  /** Orders stop earning after this. */
  earnsUntil: z.string(),
  /** The first paid order of this person (as buyer) or farm (as seller), null before. */
  firstOrderAt: z.string().nullable(),
  orderCount: z.number().int().nonnegative(),
  earnedMinor: ZMinor,
  pendingMinor: ZMinor,
});
export type TReferredPerson = z.infer<typeof ZReferredPerson>;
export const ZReferredPeopleResponse = z.object({ items: z.array(ZReferredPerson), nextCursor: z.string().nullable() });
export type TReferredPeopleResponse = z.infer<typeof ZReferredPeopleResponse>;

/** GET /api/referrals/me/earnings: one row per order and side, newest first. */
export const ZReferralEarning = z.object({
  id: ZId,
  /** The order number people see on order pages (last 8 characters of its id without dashes, upper case; the first ones are a shared timestamp). */
  orderNumber: z.string(),
  side: ZReferralSide,
  referredUsername: z.string(),
  status: ZReferralEarningStatus,
  /** The platform's commission on the order (at completion; expected while pending). */
  commissionMinor: ZMinor,
  amountMinor: ZMinor,
  createdAt: z.string(),
  /** When it became available or was reversed. */
  settledAt: z.string().nullable(),
});
export type TReferralEarning = z.infer<typeof ZReferralEarning>;
export const ZReferralEarningsResponse = z.object({ items: z.array(ZReferralEarning), nextCursor: z.string().nullable() });
export type TReferralEarningsResponse = z.infer<typeof ZReferralEarningsResponse>;

// ----- Admin -----

/** GET /api/admin/referrals/agents: every referral agent with their figures, most sign-ups first. */
export const ZAdminReferralAgent = z.object({
  agentId: ZId,
  userId: ZId,
  username: z.string(),
  email: z.string(),
  code: z.string().nullable(),
  suspended: z.boolean(),
  visits: z.number().int().nonnegative(),
  signUps: z.number().int().nonnegative(),
  farms: z.number().int().nonnegative(),
  voided: z.number().int().nonnegative(),
  earnedMinor: ZMinor,
  pendingMinor: ZMinor,
});
export type TAdminReferralAgent = z.infer<typeof ZAdminReferralAgent>;
export const ZAdminReferralAgentsResponse = z.object({ items: z.array(ZAdminReferralAgent), currency: z.string() });
export type TAdminReferralAgentsResponse = z.infer<typeof ZAdminReferralAgentsResponse>;

/** GET /api/admin/referrals/attributions?agentUserId=&state=&cursor= */
export const ZAdminAttributionsQuery = ZReferralListQuery.extend({
  agentUserId: ZId.optional(),
  state: ZReferralAttributionState.optional(),
});
export const ZAdminAttribution = z.object({
  id: ZId,
  agentUserId: ZId,
  agentUsername: z.string(),
  code: z.string(),
  referredUserId: ZId,
  referredUsername: z.string(),
  referredEmail: z.string(),
  side: ZReferralSide,
  source: ZReferralSource,
  state: ZReferralAttributionState,
  attributedAt: z.string(),
  earnsUntil: z.string(),
  earnedMinor: ZMinor,
  pendingMinor: ZMinor,
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedByUsername: z.string().nullable(),
});
export type TAdminAttribution = z.infer<typeof ZAdminAttribution>;
export const ZAdminAttributionsResponse = z.object({ items: z.array(ZAdminAttribution), nextCursor: z.string().nullable(), currency: z.string() });
export type TAdminAttributionsResponse = z.infer<typeof ZAdminAttributionsResponse>;

/** POST /api/admin/referrals/attributions/{id}/void: future earnings stop, pending ones are reversed; audit `referral.void`. 409 when already void. */
export const ZAttributionParams = z.object({ id: ZId });
export const ZVoidAttributionRequest = z.object({
  reason: z.string({ message: contractMessage(msg`Give a reason`) }).trim().min(3, { message: contractMessage(msg`Give a reason of at least 3 characters`) }).max(500, { message: contractMessage(msg`Keep the reason under 500 characters`) }),
});
export type TVoidAttributionRequest = z.infer<typeof ZVoidAttributionRequest>;
export const ZVoidAttributionResponse = z.object({ attribution: ZAdminAttribution, reversedEarnings: z.number().int().nonnegative() });
export type TVoidAttributionResponse = z.infer<typeof ZVoidAttributionResponse>;
