import { t } from '@lingui/core/macro';
import { AGENT_KINDS, VEHICLES, type TAgentApplication, type TAgentApplicationInput, type TAgentKind, type TVehicle } from '@pulse/contract/agents';
import { PAYOUT_METHODS, type TPayoutMethod } from '@pulse/contract/sellers';

/** What the /agent-registration form holds while the applicant types (numbers stay text until sent). */
export interface AgentFormValues {
  kind: TAgentKind | null;
  region: string;
  lat: string;
  lng: string;
  workingRadiusKm: string;
  vehicle: TVehicle | null;
  phone: string;
  payoutMethod: TPayoutMethod | null;
  accountName: string;
  accountNumber: string;
  providerName: string;
  idDocumentUploadId: string | null;
  idDocumentUrl: string | null;
  termsAccepted: boolean;
}

/** Field names as the schema and the server's `fields` spell them (nested payout fields dotted). */
export const AGENT_APPLICATION_FIELDS = [
  'kind',
  'region',
  'lat',
  'lng',
  'workingRadiusKm',
  'vehicle',
  'phone',
  'payout',
  'payout.method',
  'payout.accountName',
  'payout.accountNumber',
  'payout.providerName',
  'idDocumentUploadId',
  'termsAccepted',
] as const;

export const EMPTY_AGENT_FORM: AgentFormValues = {
  kind: null,
  region: '',
  lat: '',
  lng: '',
  workingRadiusKm: '10',
  vehicle: null,
  phone: '',
  payoutMethod: null,
  accountName: '',
  accountNumber: '',
  providerName: '',
  idDocumentUploadId: null,
  idDocumentUrl: null,
  termsAccepted: false,
};

function isPayoutMethod(value: string): value is TPayoutMethod {
  return (PAYOUT_METHODS as readonly string[]).includes(value);
}

export function isAgentKind(value: string): value is TAgentKind {
  return (AGENT_KINDS as readonly string[]).includes(value);
}

export function isVehicle(value: string): value is TVehicle {
  return (VEHICLES as readonly string[]).includes(value);
}

/** A rejected application prefills "Apply again": everything but the terms; the ID photo is kept. */
export function agentValuesFromApplication(application: TAgentApplication): AgentFormValues {
  return {
    kind: application.kind,
    region: application.region,
    lat: application.lat === null ? '' : String(application.lat),
    lng: application.lng === null ? '' : String(application.lng),
    workingRadiusKm: String(application.workingRadiusKm),
    vehicle: application.vehicle,
    phone: application.phone,
    payoutMethod: application.payout && isPayoutMethod(application.payout.method) ? application.payout.method : null,
    accountName: application.payout?.accountName ?? '',
    accountNumber: application.payout?.accountNumber ?? '',
    providerName: application.payout?.providerName ?? '',
    idDocumentUploadId: application.idDocument?.uploadId ?? null,
    idDocumentUrl: application.idDocument?.url ?? null,
    termsAccepted: false,
  };
}

/** An empty box is "not given" (null); anything else is passed as a number when it reads as one, else as text for the schema to refuse. */
function toNumberOrText(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/** The request body, before the contract's schema checks it (the schema gives every message). */
export function toAgentApplicationInput(values: AgentFormValues): TAgentApplicationInput {
  const carries = values.kind === 'delivery' || values.kind === 'both';
  return {
    kind: values.kind as TAgentKind,
    region: values.region,
    lat: toNumberOrText(values.lat) as number | null,
    lng: toNumberOrText(values.lng) as number | null,
    // An empty radius goes as undefined so the schema answers "Enter your working radius in km".
    workingRadiusKm: (toNumberOrText(values.workingRadiusKm) ?? undefined) as number,
    vehicle: carries ? values.vehicle : null,
    phone: values.phone,
    payout: {
      method: values.payoutMethod as TPayoutMethod,
      accountName: values.accountName,
      accountNumber: values.accountNumber,
      providerName: values.providerName,
    },
    idDocumentUploadId: values.idDocumentUploadId as string,
    termsAccepted: values.termsAccepted as true,
  };
}

/**
 * The schema's cross-field rule (a delivery agent says how they travel) runs only once every field
 * parses, so on a first submit with several gaps its message would come a round later; the form
 * shows it with the others, in the schema's words.
 */
export function withCrossFieldErrors(values: AgentFormValues, fields: Record<string, string>): Record<string, string> {
  const carries = values.kind === 'delivery' || values.kind === 'both';
  if (carries && values.vehicle === null && !fields.vehicle) return { ...fields, vehicle: t`Choose how you travel` };
  return fields;
}
