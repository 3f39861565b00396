import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZMinor } from './money';
import { ZIdDocument, ZPayoutDetailsInput, ZSellerApplicationPayout, ZSellerStatus } from './sellers';
import { ZSellerWalletDay } from './wallet';

/**
 * Pulse Agents (issue 11): delivery agents carry orders from the farm to the buyer, referral agents
 * bring new users and farms. One application per user, through the same admin queue as sellers.
 */

export const ZAgentStatus = ZSellerStatus;
export type TAgentStatus = z.infer<typeof ZAgentStatus>;

export const AGENT_KINDS = ['delivery', 'referral', 'both'] as const;
export const ZAgentKind = z.enum(AGENT_KINDS, { message: contractMessage(msg`Choose delivery, referral or both`) });
export type TAgentKind = z.infer<typeof ZAgentKind>;

export const agentKindLabels: Readonly<Record<TAgentKind, string>> = {
  delivery: contractMessage(msg`Delivery agent`),
  referral: contractMessage(msg`Referral agent`),
  both: contractMessage(msg`Delivery and referral agent`),
};

/** Whether an agent of this kind carries deliveries. */
export function isDeliveryKind(kind: TAgentKind): boolean {
  return kind === 'delivery' || kind === 'both';
}

export const VEHICLES = ['on_foot', 'bicycle', 'motorbike', 'car', 'van'] as const;
export const ZVehicle = z.enum(VEHICLES, { message: contractMessage(msg`Choose how you travel`) });
export type TVehicle = z.infer<typeof ZVehicle>;

export const vehicleLabels: Readonly<Record<TVehicle, string>> = {
  on_foot: contractMessage(msg`On foot`),
  bicycle: contractMessage(msg`Bicycle`),
  motorbike: contractMessage(msg`Motorbike`),
  car: contractMessage(msg`Car`),
  van: contractMessage(msg`Van`),
};

export const WORKING_RADIUS_MIN_KM = 1;
export const WORKING_RADIUS_MAX_KM = 100;

const latitude = z
  .number({ message: contractMessage(msg`Latitude must be a number`) })
  .min(-90, { message: contractMessage(msg`Latitude is between -90 and 90`) })
  .max(90, { message: contractMessage(msg`Latitude is between -90 and 90`) });
const longitude = z
  .number({ message: contractMessage(msg`Longitude must be a number`) })
  .min(-180, { message: contractMessage(msg`Longitude is between -180 and 180`) })
  .max(180, { message: contractMessage(msg`Longitude is between -180 and 180`) });

/**
 * POST /api/agents/applications: the /agent-registration form. The web form validates with this very
 * schema, so the field messages are the same on both sides. `idDocumentUploadId` is a private upload
 * (POST /api/uploads/images with `purpose=id_document`, decision 017). Without coordinates a delivery
 * agent sees no open tasks (the radius needs a centre); the form should ask for them.
 */
export const ZAgentApplicationInput = z
  .object({
    kind: ZAgentKind,
    region: z
      .string({ message: contractMessage(msg`Enter your home area`) })
      .trim()
      .min(1, { message: contractMessage(msg`Enter your home area`) })
      .max(100, { message: contractMessage(msg`Too long (100 characters at most)`) }),
    lat: latitude.nullable().default(null),
    lng: longitude.nullable().default(null),
    workingRadiusKm: z
      .number({ message: contractMessage(msg`Enter your working radius in km`) })
      .int({ message: contractMessage(msg`Whole kilometres`) })
      .min(WORKING_RADIUS_MIN_KM, { message: contractMessage(msg`The radius is ${{ workingRadiusMinKm: WORKING_RADIUS_MIN_KM }} to ${{ workingRadiusMaxKm: WORKING_RADIUS_MAX_KM }} km`) })
      .max(WORKING_RADIUS_MAX_KM, { message: contractMessage(msg`The radius is ${{ workingRadiusMinKm: WORKING_RADIUS_MIN_KM }} to ${{ workingRadiusMaxKm: WORKING_RADIUS_MAX_KM }} km`) }),
    /** Required for delivery and both; ignored (stored null) for referral agents. */
    vehicle: ZVehicle.nullable().default(null),
    phone: z
      .string({ message: contractMessage(msg`Enter a phone number`) })
      .trim()
      .max(21, { message: contractMessage(msg`Enter a phone number, digits with an optional leading +`) })
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { message: contractMessage(msg`Enter a phone number, digits with an optional leading +`) }),
    payout: ZPayoutDetailsInput,
    idDocumentUploadId: z.uuid({ message: contractMessage(msg`Upload a photo of your ID document`) }).max(36, { message: contractMessage(msg`Upload a photo of your ID document`) }),
    termsAccepted: z.literal(true, { message: contractMessage(msg`Accept the terms to apply`) }),
  })
  .superRefine((value, context) => {
    if ((value.lat === null) !== (value.lng === null)) {
      const field = value.lat === null ? 'lat' : 'lng';
      context.addIssue({ code: 'custom', path: [field], message: contractMessage(msg`Give both latitude and longitude, or neither`) });
    }
    if (isDeliveryKind(value.kind) && value.vehicle === null) {
      context.addIssue({ code: 'custom', path: ['vehicle'], message: contractMessage(msg`Choose how you travel`) });
    }
  });
export type TAgentApplicationInput = z.input<typeof ZAgentApplicationInput>;
export type TAgentApplicationValues = z.output<typeof ZAgentApplicationInput>;

export const ZGetAgentParams = z.object({ userId: ZId });

/** GET /api/agents/{userId}: the status the "Pulse Agent" menu item and the agent pages read (own user or admin). */
export const ZGetAgentResponse = z.object({
  id: ZId,
  userId: ZId,
  status: ZAgentStatus,
  kind: ZAgentKind,
  rejectionReason: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type TGetAgentResponse = z.infer<typeof ZGetAgentResponse>;

/** The full application, as its owner (GET /api/agents/me/application) and admins see it. */
export const ZAgentApplication = z.object({
  id: ZId,
  userId: ZId,
  status: ZAgentStatus,
  kind: ZAgentKind,
  region: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  workingRadiusKm: z.number().int(),
  vehicle: ZVehicle.nullable(),
  phone: z.string(),
  /** Null for applications created outside the form (fixtures). */
  payout: ZSellerApplicationPayout.nullable(),
  idDocument: ZIdDocument.nullable(),
  termsAcceptedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TAgentApplication = z.infer<typeof ZAgentApplication>;

/** POST /api/agents/applications answers 201 with the application (pending). */
export const ZSubmitAgentApplicationResponse = ZAgentApplication;
export type TSubmitAgentApplicationResponse = TAgentApplication;
/** GET /api/agents/me/application (404 NO_AGENT_APPLICATION_MESSAGE when none). */
export const ZGetMyAgentApplicationResponse = ZAgentApplication;
export type TGetMyAgentApplicationResponse = TAgentApplication;

export const AGENT_APPLICATION_PENDING_MESSAGE = contractMessage(msg`Your agent application is already being reviewed.`);
export const AGENT_APPLICATION_APPROVED_MESSAGE = contractMessage(msg`Your agent application was already approved: you are a Pulse Agent.`);
export const NO_AGENT_APPLICATION_MESSAGE = contractMessage(msg`You have not applied to become a Pulse Agent yet.`);
/** 403 on agent endpoints for a user whose application is pending. */
export const AGENT_PENDING_MESSAGE = contractMessage(msg`Your agent application is still being reviewed. You can take tasks once it is approved.`);
/** 403 on agent endpoints for a user who never applied or was rejected. */
export const NOT_AN_AGENT_MESSAGE = contractMessage(msg`Only approved Pulse Agents can do this. Apply on the agent registration page.`);
/** 403 on delivery task endpoints for an approved referral-only agent. */
export const NOT_A_DELIVERY_AGENT_MESSAGE = contractMessage(msg`Only delivery agents can take delivery tasks.`);

/* ------------------------------------------------------------ agent wallet */

/** GET /api/agent/wallet?tzOffsetMinutes= (approved agent): earnings, like the seller wallet. */
export const ZGetAgentWalletResponse = z.object({
  currency: z.string(),
  /** Can be paid out now (ledger). */
  availableMinor: ZMinor,
  /** Delivery fees of delivered orders waiting for completion (ledger escrow). */
  escrowMinor: ZMinor,
  /** Paid out so far (ledger). */
  paidOutMinor: ZMinor,
  /** Earned (fee releases and referral earnings) today / this month (viewer's offset). */
  todayMinor: ZMinor,
  monthMinor: ZMinor,
  /** Tasks delivered / tasks ended (delivered + failed) so far, for the completion rate. */
  deliveredCount: z.number().int().nonnegative(),
  endedCount: z.number().int().nonnegative(),
  /** Where payouts go (from the approved application), null when none is on file. */
  payoutDestination: z.string().nullable(),
  /** The last 30 days, oldest first, today last (releasedMinor = fees released and referral earnings that became available that day). */
  series: z.array(ZSellerWalletDay),
  /** Referral earnings (issue 13): posted through the ledger / waiting for their orders to complete. Zero for delivery-only agents. */
  referralEarnedMinor: ZMinor,
  referralPendingMinor: ZMinor,
});
export type TGetAgentWalletResponse = z.infer<typeof ZGetAgentWalletResponse>;
