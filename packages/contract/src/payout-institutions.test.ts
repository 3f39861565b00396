import { describe, expect, it } from 'vitest';
import { findPayoutInstitution, maskAccountNumber, normalizeAccountNumber } from './payout-institutions';

describe('findPayoutInstitution', () => {
  it('reads the names people type for the mobile money networks', () => {
    const code = (text: string) => findPayoutInstitution('mobile_money', text)?.code ?? null;
    expect(['MTN', 'MTN MoMo', 'mtn mobile money', 'MoMo', 'mtn'].map(code)).toEqual(['MTN', 'MTN', 'MTN', 'MTN', 'MTN']);
    expect(['Telecel Cash', 'Vodafone Cash', 'telecel', 'VOD', 'Telecel MoMo'].map(code)).toEqual(['VOD', 'VOD', 'VOD', 'VOD', 'VOD']);
    expect(['AirtelTigo Money', 'AT Money', 'Airtel Tigo', 'airteltigo', 'Tigo Cash'].map(code)).toEqual(['ATL', 'ATL', 'ATL', 'ATL', 'ATL']);
    expect(['M-Pesa', 'Orange Money', '', 'GCB Bank'].map(code)).toEqual([null, null, null, null]);
  });

  it('reads a bank by its name, a short name, its code or a longer text', () => {
    const code = (text: string) => findPayoutInstitution('bank', text)?.code ?? null;
    expect(['GCB Bank', 'Ghana Commercial Bank', 'GCB Bank Limited', '040100'].map(code)).toEqual(['040100', '040100', '040100', '040100']);
    expect(['Ecobank Ghana Limited', 'Stanbic', 'Société Générale', 'UBA', 'Absa (formerly Barclays)'].map(code)).toEqual(['130100', '190100', '090100', '060100', '030100']);
    expect(['Bank of Nowhere', 'MTN MoMo', 'Local'].map(code)).toEqual([null, null, null]);
  });
});

describe('account numbers', () => {
  it('keeps the digits, and a Ghanaian mobile number in its 10-digit form', () => {
    expect(normalizeAccountNumber('mobile_money', '024 123 4567')).toBe('0241234567');
    expect(normalizeAccountNumber('mobile_money', '+233 24 123-4567')).toBe('0241234567');
    expect(normalizeAccountNumber('mobile_money', '233241234567')).toBe('0241234567');
    expect(normalizeAccountNumber('bank', '1234 5678 90')).toBe('1234567890');
    expect(maskAccountNumber('0241234567')).toBe('****4567');
  });
});
