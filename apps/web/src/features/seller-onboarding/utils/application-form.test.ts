import { describe, expect, it } from 'vitest';
import { ZSellerApplicationInput, type TSellerApplication } from '@pulse/contract/sellers';
import { EMPTY_APPLICATION_FORM, getApplicationFieldErrors, toApplicationInput, valuesFromApplication, type ApplicationFormValues } from './application-form';

const UPLOAD_ID = '5f7c1a52-7a1e-4d0b-9a55-2f2d3c9a1e11';

const FILLED: ApplicationFormValues = {
  ...EMPTY_APPLICATION_FORM,
  businessName: 'Green Valley Farm',
  region: 'Ashanti',
  produceTypes: ['vegetables', 'fruits'],
  phone: '+233 20 123 4567',
  payoutMethod: 'mobile_money',
  accountName: 'Ama Mensah',
  accountNumber: '0201234567',
  providerName: 'MTN MoMo',
  idDocumentUploadId: UPLOAD_ID,
  idDocumentUrl: '/api/uploads/images/x',
  termsAccepted: true,
};

function errorsOf(values: ApplicationFormValues) {
  const parsed = ZSellerApplicationInput.safeParse(toApplicationInput(values));
  return parsed.success ? {} : getApplicationFieldErrors(parsed.error);
}

describe('seller application form', () => {
  it('an empty form names every required field with the schema message, payout fields dotted like the server', () => {
    const errors = errorsOf(EMPTY_APPLICATION_FORM);
    expect(errors).toMatchObject({
      businessName: 'Enter your business name',
      region: 'Enter your farm’s region',
      produceTypes: 'Choose at least one produce type',
      'payout.method': 'Choose mobile money or a bank account',
      'payout.accountName': 'Enter the account holder’s name',
      'payout.providerName': 'Enter the provider or bank name',
      idDocumentUploadId: 'Upload a photo of your ID document',
      termsAccepted: 'Accept the terms to apply',
    });
    expect(errors.phone).toMatch(/phone number/);
    expect(errors.lat).toBeUndefined();
    expect(errors.referralCode).toBeUndefined();
  });

  it('a filled form passes, empty coordinates and referral code are sent as null', () => {
    const parsed = ZSellerApplicationInput.safeParse(toApplicationInput(FILLED));
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ lat: null, lng: null, referralCode: null, payout: { method: 'mobile_money' } });
  });

  it('coordinates typed as text become numbers; one without the other and non-numbers are refused', () => {
    expect(ZSellerApplicationInput.parse(toApplicationInput({ ...FILLED, lat: ' 5.6037 ', lng: '-0.187' }))).toMatchObject({ lat: 5.6037, lng: -0.187 });
    expect(errorsOf({ ...FILLED, lat: '5.6' })).toEqual({ lng: 'Give both latitude and longitude, or neither' });
    expect(errorsOf({ ...FILLED, lat: 'north', lng: '1' }).lat).toBe('Latitude must be a number');
    expect(errorsOf({ ...FILLED, lat: '95', lng: '1' }).lat).toBe('Latitude is between -90 and 90');
  });

  it('a malformed referral code gets its message', () => {
    expect(errorsOf({ ...FILLED, referralCode: 'a!' })).toEqual({ referralCode: 'A referral code is 4 to 20 letters, digits or dashes' });
  });

  it('a rejected application prefills everything but the terms, keeping the ID photo', () => {
    const rejected: TSellerApplication = {
      id: '1b1c8b4e-37e4-4b36-9d42-7b2e86b3a0c1',
      userId: '2b1c8b4e-37e4-4b36-9d42-7b2e86b3a0c1',
      status: 'rejected',
      businessName: 'Green Valley',
      region: 'Volta',
      lat: 6.6,
      lng: 0.47,
      produceTypes: ['fruits', 'not-a-category'],
      phone: '+233201234567',
      payout: { method: 'bank', accountName: 'Kofi', accountNumber: '12345678', providerName: 'Ecobank' },
      idDocument: { uploadId: UPLOAD_ID, url: '/api/uploads/images/abc' },
      termsAcceptedAt: '2026-03-01T10:00:00.000Z',
      referralCode: 'AGENT-7',
      rejectionReason: 'The ID photo is blurred',
      submittedAt: '2026-03-01T10:00:00.000Z',
      reviewedAt: '2026-03-02T10:00:00.000Z',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    };
    const values = valuesFromApplication(rejected);
    expect(values).toEqual({
      businessName: 'Green Valley',
      region: 'Volta',
      lat: '6.6',
      lng: '0.47',
      produceTypes: ['fruits'],
      phone: '+233201234567',
      payoutMethod: 'bank',
      accountName: 'Kofi',
      accountNumber: '12345678',
      providerName: 'Ecobank',
      idDocumentUploadId: UPLOAD_ID,
      idDocumentUrl: '/api/uploads/images/abc',
      termsAccepted: false,
      referralCode: 'AGENT-7',
    });
    expect(errorsOf(values)).toEqual({ termsAccepted: 'Accept the terms to apply' });
  });
});
