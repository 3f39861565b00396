import type { z } from 'zod';
import { PRODUCT_CATEGORIES, type TProductCategory } from '@pulse/contract/products';
import { PAYOUT_METHODS, type TPayoutMethod, type TSellerApplication, type TSellerApplicationInput } from '@pulse/contract/sellers';

/** What the /seller-signup form holds while the applicant types (numbers stay text until sent). */
export interface ApplicationFormValues {
  businessName: string;
  region: string;
  lat: string;
  lng: string;
  produceTypes: TProductCategory[];
  phone: string;
  payoutMethod: TPayoutMethod | null;
  accountName: string;
  accountNumber: string;
  providerName: string;
  idDocumentUploadId: string | null;
  idDocumentUrl: string | null;
  termsAccepted: boolean;
  referralCode: string;
}

/** Field names as the schema and the server's `fields` spell them (nested payout fields dotted). */
export const APPLICATION_FIELDS = [
  'businessName',
  'region',
  'lat',
  'lng',
  'produceTypes',
  'phone',
  'payout',
  'payout.method',
  'payout.accountName',
  'payout.accountNumber',
  'payout.providerName',
  'idDocumentUploadId',
  'termsAccepted',
  'referralCode',
] as const;

export const EMPTY_APPLICATION_FORM: ApplicationFormValues = {
  businessName: '',
  region: '',
  lat: '',
  lng: '',
  produceTypes: [],
  phone: '',
  payoutMethod: null,
  accountName: '',
  accountNumber: '',
  providerName: '',
  idDocumentUploadId: null,
  idDocumentUrl: null,
  termsAccepted: false,
  referralCode: '',
};

function isCategory(value: string): value is TProductCategory {
  return (PRODUCT_CATEGORIES as readonly string[]).includes(value);
}

function isPayoutMethod(value: string): value is TPayoutMethod {
  return (PAYOUT_METHODS as readonly string[]).includes(value);
}

/**
 * A rejected application prefills "Apply again": everything but the terms, which are accepted
 * anew. The ID photo is kept (same upload) so the applicant need not photograph it twice.
 */
export function valuesFromApplication(application: TSellerApplication): ApplicationFormValues {
  return {
    businessName: application.businessName,
    region: application.region,
    lat: application.lat === null ? '' : String(application.lat),
    lng: application.lng === null ? '' : String(application.lng),
    produceTypes: application.produceTypes.filter(isCategory),
    phone: application.phone,
    payoutMethod: application.payout && isPayoutMethod(application.payout.method) ? application.payout.method : null,
    accountName: application.payout?.accountName ?? '',
    accountNumber: application.payout?.accountNumber ?? '',
    providerName: application.payout?.providerName ?? '',
    idDocumentUploadId: application.idDocument?.uploadId ?? null,
    idDocumentUrl: application.idDocument?.url ?? null,
    termsAccepted: false,
    referralCode: application.referralCode ?? '',
  };
}

/** An empty box is "not given"; anything else must read as a number (the schema says which). */
function toCoordinate(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/** The request body, before the contract's schema checks it. */
export function toApplicationInput(values: ApplicationFormValues): TSellerApplicationInput {
  return {
    businessName: values.businessName,
    region: values.region,
    // A non-number is passed through so the schema answers "Latitude must be a number".
    lat: toCoordinate(values.lat) as number | null,
    lng: toCoordinate(values.lng) as number | null,
    produceTypes: values.produceTypes,
    phone: values.phone,
    payout: {
      method: values.payoutMethod as TPayoutMethod,
      accountName: values.accountName,
      accountNumber: values.accountNumber,
      providerName: values.providerName,
    },
    idDocumentUploadId: values.idDocumentUploadId as string,
    termsAccepted: values.termsAccepted as true,
    referralCode: values.referralCode.trim() === '' ? null : values.referralCode,
  };
}

/** First message per field, nested paths dotted like the server's `fields` (payout.accountName). */
export function getApplicationFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
