import { describe, expect, it } from 'vitest';
import { GHANA_BANKS } from '@pulse/paystack-double';
import { BANK_INSTITUTIONS, MOBILE_MONEY_INSTITUTIONS, findPayoutInstitution } from '@pulse/contract/payout-institutions';
import { paystackMobileMoneyBankCode } from './paystack-provider';

/**
 * The codes a Paystack transfer recipient is made of in Ghana (decision 048): type `mobile_money`
 * with the network's List Banks code (MTN, VOD for Telecel, formerly Vodafone, ATL for AirtelTigo),
 * type `ghipss` with a bank's GhIPSS code. Checked against Paystack's documentation (sources in
 * decision 048) and against the double's `GET /bank` list, which the browser suite and the API
 * tests create recipients with.
 */

describe('Ghanaian mobile money codes for transfer recipients', () => {
  it.each([
    ['MTN MoMo', 'mtn', 'MTN'],
    ['Telecel Cash', 'telecel', 'VOD'],
    ['Vodafone Cash', 'telecel', 'VOD'],
    ['AirtelTigo Money', 'airteltigo', 'ATL'],
    ['AT Money', 'airteltigo', 'ATL'],
  ] as const)('"%s" is the %s network, bank code %s', (typed, network, code) => {
    const institution = findPayoutInstitution('mobile_money', typed);
    expect(institution).toMatchObject({ method: 'mobile_money', network, code });
    expect(paystackMobileMoneyBankCode(network)).toBe(code);
    expect(paystackMobileMoneyBankCode(code)).toBe(code);
  });

  it('has exactly the three codes Paystack lists for Ghana (no TGO, no AIRTEL, no VODAFONE)', () => {
    expect(MOBILE_MONEY_INSTITUTIONS.map((institution) => institution.code).sort()).toEqual(['ATL', 'MTN', 'VOD']);
    const listed = GHANA_BANKS.filter((bank) => bank.type === 'mobile_money').map((bank) => bank.code);
    expect([...listed].sort()).toEqual(['ATL', 'MTN', 'VOD']);
    expect(() => paystackMobileMoneyBankCode('TGO')).toThrow(/Unknown mobile money network/);
  });
});

describe('Ghanaian bank codes for transfer recipients (type ghipss)', () => {
  it('are six-digit GhIPSS head-office codes, each once', () => {
    const codes = BANK_INSTITUTIONS.map((bank) => bank.code);
    for (const code of codes) expect(code).toMatch(/^\d{2}0100$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('agree with every bank of the GET /bank list the tests run against', () => {
    for (const bank of GHANA_BANKS.filter((listed) => listed.type === 'ghipss')) {
      expect(findPayoutInstitution('bank', bank.name)?.code, bank.name).toBe(bank.code);
    }
  });
});
