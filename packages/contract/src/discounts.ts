import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { ISO_DATE_TIME_MAX_LENGTH, ZId } from './ids';
import { contractMessage } from './messages-i18n';
import { ZMinor } from './money';

/**
 * Discount codes (issue 27, decision 062): a farm's codes at /api/seller/discount-codes, the
 * platform's at /api/admin/discount-codes; the buyer types them at checkout (discountCodes of the
 * checkout quote and the checkout).
 */

export const DISCOUNT_CODE_MAX_LENGTH = 32;
/**
 * Codes a buyer may send with one checkout: one per farm of the basket and one platform code (the
 * service refuses a second code of one farm or a second platform code); a basket of more than 9
 * farms is rare enough to keep the list short.
 */
export const CHECKOUT_MAX_DISCOUNT_CODES = 10;

export const ZDiscountKind = z.enum(['percent', 'fixed']);
export type TDiscountKind = z.infer<typeof ZDiscountKind>;
export const ZDiscountStatus = z.enum(['active', 'paused', 'ended']);
export type TDiscountStatus = z.infer<typeof ZDiscountStatus>;

/** What the buyer types: letters, digits, dashes and underscores; compared without case. */
export const ZDiscountCodeText = z
  .string()
  .trim()
  .min(3, { message: contractMessage(msg`A code has 3 to 32 letters or digits`) })
  .max(DISCOUNT_CODE_MAX_LENGTH, { message: contractMessage(msg`A code has 3 to 32 letters or digits`) })
  .regex(/^[A-Za-z0-9_-]+$/, { message: contractMessage(msg`A code has only letters, digits, - and _`) });

const ZOptionalDateTime = z.iso.datetime({ offset: true }).max(ISO_DATE_TIME_MAX_LENGTH).nullable();
const ZUseLimit = z.number().int().min(1).max(1_000_000).nullable();

export const ZCreateDiscountCodeRequest = z
  .object({
    code: ZDiscountCodeText,
    kind: ZDiscountKind,
    /** Whole percent (1-100) for a percent code; minor units for a fixed one. */
    value: z.number().int().min(1).max(100_000_000),
    minOrderMinor: ZMinor.max(100_000_000).default(0),
    startsAt: ZOptionalDateTime.default(null),
    endsAt: ZOptionalDateTime.default(null),
    totalUses: ZUseLimit.default(null),
    usesPerBuyer: ZUseLimit.default(null),
    firstOrderOnly: z.boolean().default(false),
  })
  .refine((input) => input.kind !== 'percent' || input.value <= 100, { message: contractMessage(msg`A percentage is at most 100`), path: ['value'] })
  .refine((input) => !input.startsAt || !input.endsAt || Date.parse(input.endsAt) > Date.parse(input.startsAt), {
    message: contractMessage(msg`The code must end after it starts`),
    path: ['endsAt'],
  });
export type TCreateDiscountCodeRequest = z.input<typeof ZCreateDiscountCodeRequest>;

/** Pause, resume (active) or end a code, or change its dates and limits; an ended code stays ended. */
export const ZUpdateDiscountCodeRequest = z
  .object({
    status: ZDiscountStatus.optional(),
    startsAt: ZOptionalDateTime.optional(),
    endsAt: ZOptionalDateTime.optional(),
    totalUses: ZUseLimit.optional(),
    usesPerBuyer: ZUseLimit.optional(),
    minOrderMinor: ZMinor.max(100_000_000).optional(),
    firstOrderOnly: z.boolean().optional(),
  })
  .refine((input) => !input.startsAt || !input.endsAt || Date.parse(input.endsAt) > Date.parse(input.startsAt), {
    message: contractMessage(msg`The code must end after it starts`),
    path: ['endsAt'],
  });
export type TUpdateDiscountCodeRequest = z.input<typeof ZUpdateDiscountCodeRequest>;

export const ZDiscountCodeParams = z.object({ codeId: ZId });

export const ZDiscountCode = z.object({
  id: ZId,
  code: z.string(),
  /** True for a platform code (paid by Pulse Market). */
  platform: z.boolean(),
  kind: ZDiscountKind,
  value: z.number().int(),
  minOrderMinor: ZMinor,
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  totalUses: z.number().int().nullable(),
  usesPerBuyer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  status: ZDiscountStatus,
  /** Checkouts that used the code and were not cancelled or refunded. */
  timesUsed: z.number().int().nonnegative(),
  /** What the code cost its payer so far (active uses). */
  totalCostMinor: ZMinor,
  currency: z.string(),
  createdAt: z.iso.datetime(),
});
export type TDiscountCode = z.infer<typeof ZDiscountCode>;

export const ZListDiscountCodesResponse = z.object({ codes: z.array(ZDiscountCode), currency: z.string() });
export type TListDiscountCodesResponse = z.infer<typeof ZListDiscountCodesResponse>;
export const ZDiscountCodeResponse = ZDiscountCode;

/** One code of a checkout quote: applied (to a farm's order or the platform's share) or refused, with the sentence why. */
export const ZCheckoutDiscount = z.object({
  code: z.string(),
  applied: z.boolean(),
  /** The farm whose code it is; null for a platform code or a refused code. */
  sellerUserId: ZId.nullable(),
  platform: z.boolean(),
  amountMinor: ZMinor,
  /** Why it was refused ("This code has been used up"); null when applied. */
  refusal: z.string().nullable(),
});
export type TCheckoutDiscount = z.infer<typeof ZCheckoutDiscount>;

/** The optional codes field of the checkout quote and the checkout (absent = no codes, as before). */
export const ZCheckoutDiscountCodes = z
  .array(z.string().trim().min(1).max(DISCOUNT_CODE_MAX_LENGTH))
  .max(CHECKOUT_MAX_DISCOUNT_CODES, { message: contractMessage(msg`At most one code per farm and one Pulse Market code`) })
  .optional();
