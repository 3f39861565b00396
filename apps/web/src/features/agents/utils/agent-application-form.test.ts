import { describe, expect, it } from 'vitest';
import { ZAgentApplicationInput } from '@pulse/contract/agents';
import { getZodDottedFieldErrors } from '../../../lib/form-errors';
import { EMPTY_AGENT_FORM, toAgentApplicationInput, withCrossFieldErrors, type AgentFormValues } from './agent-application-form';

const FILLED: AgentFormValues = {
  ...EMPTY_AGENT_FORM,
  kind: 'delivery',
  region: 'Ashanti',
  lat: '6.6885',
  lng: '-1.6244',
  workingRadiusKm: '15',
  vehicle: 'motorbike',
  phone: '+233 20 123 4567',
  payoutMethod: 'mobile_money',
  accountName: 'Ada Mensah',
  accountNumber: '0201234567',
  providerName: 'MTN MoMo',
  idDocumentUploadId: '6f0d5c3e-8a2b-4c1d-9e7f-0a1b2c3d4e5f',
  termsAccepted: true,
};

function fieldErrors(values: AgentFormValues): Record<string, string> {
  const parsed = ZAgentApplicationInput.safeParse(toAgentApplicationInput(values));
  return parsed.success ? {} : getZodDottedFieldErrors(parsed.error);
}

describe('agent application form', () => {
  it('sends a filled form as the contract expects', () => {
    const parsed = ZAgentApplicationInput.safeParse(toAgentApplicationInput(FILLED));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ lat: 6.6885, lng: -1.6244, workingRadiusKm: 15, vehicle: 'motorbike' });
  });

  it('gives the schema messages for an empty form', () => {
    const errors = fieldErrors(EMPTY_AGENT_FORM);
    expect(errors.kind).toBe('Choose delivery, referral or both');
    expect(errors.region).toBe('Enter your home area');
    expect(errors.idDocumentUploadId).toBe('Upload a photo of your ID document');
    expect(errors.termsAccepted).toBe('Accept the terms to apply');
    expect(errors['payout.method']).toBeDefined();
  });

  it('asks a delivery agent how they travel, not a referral agent', () => {
    expect(fieldErrors({ ...FILLED, vehicle: null }).vehicle).toBe('Choose how you travel');
    const referral = toAgentApplicationInput({ ...FILLED, kind: 'referral', vehicle: 'car' });
    expect(referral.vehicle).toBeNull();
    expect(fieldErrors({ ...FILLED, kind: 'referral', vehicle: null })).toEqual({});
  });

  it('refuses text in number boxes and a radius out of range', () => {
    expect(fieldErrors({ ...FILLED, lat: 'north' }).lat).toBe('Latitude must be a number');
    expect(fieldErrors({ ...FILLED, workingRadiusKm: '' }).workingRadiusKm).toBe('Enter your working radius in km');
    expect(fieldErrors({ ...FILLED, workingRadiusKm: '500' }).workingRadiusKm).toMatch(/radius is 1 to 100 km/);
    expect(fieldErrors({ ...FILLED, lng: '' }).lng).toBe('Give both latitude and longitude, or neither');
  });

  it('asks for the vehicle with the other gaps of a first submit', () => {
    const values = { ...EMPTY_AGENT_FORM, kind: 'delivery' as const };
    const errors = withCrossFieldErrors(values, fieldErrors(values));
    expect(errors.vehicle).toBe('Choose how you travel');
    expect(errors.region).toBe('Enter your home area');
    expect(withCrossFieldErrors({ ...values, kind: 'referral' }, {})).toEqual({});
  });
});
