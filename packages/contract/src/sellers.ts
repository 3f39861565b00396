import { msg } from '@lingui/core/runtime-macro';
import { contractMessage } from './messages-i18n';
import { z } from 'zod';
import { ZId } from './ids';
import { ZProductCategory } from './products';

export const ZSellerStatus = z.enum(['approved', 'pending', 'rejected']);
export type TSellerStatus = z.infer<typeof ZSellerStatus>;

export const ZGetSellerParams = z.object({ userId: ZId });

/** The seller application of one user; the mode switch reads `status`. */
export const ZGetSellerResponse = z.object({
  id: ZId,
  userId: ZId,
  status: ZSellerStatus,
  businessName: z.string(),
  rejectionReason: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type TGetSellerResponse = z.infer<typeof ZGetSellerResponse>;

export const PAYOUT_METHODS = ['mobile_money', 'bank'] as const;
export const ZPayoutMethod = z.enum(PAYOUT_METHODS, { message: contractMessage(msg`Choose mobile money or a bank account`) });
export type TPayoutMethod = z.infer<typeof ZPayoutMethod>;

export const payoutMethodLabels: Readonly<Record<TPayoutMethod, string>> = {
  mobile_money: contractMessage(msg`Mobile money`),
  bank: contractMessage(msg`Bank account`),
};

/** Produce types a seller may list on the application (the catalogue's categories). */
export const MAX_PRODUCE_TYPES = 10;

/** Referral codes are handed out by referral agents: letters, digits and dashes. */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,18}[A-Za-z0-9]$/;

const requiredText = (what: string, max: number) =>
  z
    .string({ message: contractMessage(msg`Enter ${{ what }}`) })
    .trim()
    .min(1, { message: contractMessage(msg`Enter ${{ what }}`) })
    .max(max, { message: contractMessage(msg`Too long (${{ max }} characters at most)`) });

export const ZPayoutDetailsInput = z.object({
  method: ZPayoutMethod,
  accountName: requiredText('the account holder’s name', 100),
  accountNumber: z
    .string({ message: contractMessage(msg`Enter the account or mobile number`) })
    .trim()
    .max(34, { message: contractMessage(msg`Enter the account or mobile number (4 to 34 letters or digits)`) })
    .regex(/^[A-Za-z0-9 +-]{4,34}$/, { message: contractMessage(msg`Enter the account or mobile number (4 to 34 letters or digits)`) }),
  /** The mobile money provider (e.g. M-Pesa) or the bank's name. */
  providerName: requiredText('the provider or bank name', 100),
});
export type TPayoutDetailsInput = z.infer<typeof ZPayoutDetailsInput>;

const latitude = z
  .number({ message: contractMessage(msg`Latitude must be a number`) })
  .min(-90, { message: contractMessage(msg`Latitude is between -90 and 90`) })
  .max(90, { message: contractMessage(msg`Latitude is between -90 and 90`) });
const longitude = z
  .number({ message: contractMessage(msg`Longitude must be a number`) })
  .min(-180, { message: contractMessage(msg`Longitude is between -180 and 180`) })
  .max(180, { message: contractMessage(msg`Longitude is between -180 and 180`) });

/**
 * POST /api/sellers/application: the /seller-signup form. The web form validates with this very
 * schema, so the field messages are the same on both sides. `idDocumentUploadId` is an image the
 * applicant uploaded through POST /api/uploads/images (a photo or scan of the ID: JPEG, PNG, WebP
 * or GIF; PDFs are not accepted).
 */
export const ZSellerApplicationInput = z
  .object({
    businessName: requiredText('your business name', 100),
    region: requiredText('your farm’s region', 100),
    lat: latitude.nullable().default(null),
    lng: longitude.nullable().default(null),
    produceTypes: z
      .array(ZProductCategory, { message: contractMessage(msg`Choose what you grow or make`) })
      .min(1, { message: contractMessage(msg`Choose at least one produce type`) })
      .max(MAX_PRODUCE_TYPES, { message: contractMessage(msg`Choose at most ${{ maxProduceTypes: MAX_PRODUCE_TYPES }} produce types`) })
      .refine((types) => new Set(types).size === types.length, { message: contractMessage(msg`Each produce type only once`) }),
    phone: z
      .string({ message: contractMessage(msg`Enter a phone number`) })
      .trim()
      .max(21, { message: contractMessage(msg`Enter a phone number, digits with an optional leading +`) })
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { message: contractMessage(msg`Enter a phone number, digits with an optional leading +`) }),
    payout: ZPayoutDetailsInput,
    idDocumentUploadId: z.uuid({ message: contractMessage(msg`Upload a photo of your ID document`) }).max(36, { message: contractMessage(msg`Upload a photo of your ID document`) }),
    termsAccepted: z.literal(true, { message: contractMessage(msg`Accept the terms to apply`) }),
    referralCode: z
      .string()
      .trim()
      .max(20, { message: contractMessage(msg`A referral code is 4 to 20 letters, digits or dashes`) })
      .regex(REFERRAL_CODE_PATTERN, { message: contractMessage(msg`A referral code is 4 to 20 letters, digits or dashes`) })
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .superRefine((value, context) => {
    if ((value.lat === null) !== (value.lng === null)) {
      const field = value.lat === null ? 'lat' : 'lng';
      context.addIssue({ code: 'custom', path: [field], message: contractMessage(msg`Give both latitude and longitude, or neither`) });
    }
  });
export type TSellerApplicationInput = z.input<typeof ZSellerApplicationInput>;
export type TSellerApplicationValues = z.output<typeof ZSellerApplicationInput>;

export const ZSellerApplicationPayout = z.object({
  method: ZPayoutMethod,
  accountName: z.string(),
  accountNumber: z.string(),
  providerName: z.string(),
});

export const ZIdDocument = z.object({ uploadId: ZId, url: z.string() });

/** The full application, as its owner (GET /api/sellers/application/mine) and admins see it. */
export const ZSellerApplication = z.object({
  id: ZId,
  userId: ZId,
  status: ZSellerStatus,
  businessName: z.string(),
  region: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  produceTypes: z.array(z.string()),
  phone: z.string(),
  /** Null for applications created outside the form (admin command line, fixtures). */
  payout: ZSellerApplicationPayout.nullable(),
  idDocument: ZIdDocument.nullable(),
  termsAcceptedAt: z.iso.datetime().nullable(),
  referralCode: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TSellerApplication = z.infer<typeof ZSellerApplication>;

export const APPLICATION_PENDING_MESSAGE = contractMessage(msg`Your application is already being reviewed.`);
export const APPLICATION_APPROVED_MESSAGE = contractMessage(msg`Your application was already approved: you are a seller.`);
export const NO_APPLICATION_MESSAGE = contractMessage(msg`You have not applied to sell yet.`);
