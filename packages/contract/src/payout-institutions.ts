import type { TMobileMoneyNetwork } from './wallet';

/**
 * Where a payout can go in Ghana (issue 24), with the codes Paystack's transfer recipients take
 * (its `GET /bank?currency=GHS` list): the mobile money networks (recipient type `mobile_money`)
 * and the main banks (type `ghipss`, the GhIPSS code of the bank's head office). Payout details are
 * typed by people ("MTN MoMo", "Ghana Commercial Bank"): `findPayoutInstitution` reads such a name,
 * the forms suggest `name`. Names are the institutions' own brand names, the same in every language.
 */
export interface PayoutInstitution {
  method: 'mobile_money' | 'bank';
  /** The provider's bank code. */
  code: string;
  /** The name the institution goes by. */
  name: string;
  /** Mobile money: the network as the app names it elsewhere (top-ups, the resolve call). */
  network?: TMobileMoneyNetwork;
  /** Other ways people write it, lower case, words separated by one space. */
  aliases: readonly string[];
}

export const MOBILE_MONEY_INSTITUTIONS: readonly PayoutInstitution[] = [
  { method: 'mobile_money', code: 'MTN', name: 'MTN Mobile Money', network: 'mtn', aliases: ['mtn', 'mtn momo', 'momo'] },
  { method: 'mobile_money', code: 'VOD', name: 'Telecel Cash', network: 'telecel', aliases: ['telecel', 'vodafone', 'vodafone cash', 'voda'] },
  { method: 'mobile_money', code: 'ATL', name: 'AirtelTigo Money', network: 'airteltigo', aliases: ['airteltigo', 'airtel tigo', 'at money', 'airtel', 'tigo'] },
];

export const BANK_INSTITUTIONS: readonly PayoutInstitution[] = [
  { method: 'bank', code: '030100', name: 'Absa Bank Ghana', aliases: ['absa', 'barclays'] },
  { method: 'bank', code: '280100', name: 'Access Bank Ghana', aliases: ['access', 'access bank'] },
  { method: 'bank', code: '080100', name: 'Agricultural Development Bank', aliases: ['adb', 'adb bank'] },
  { method: 'bank', code: '140100', name: 'CalBank', aliases: ['cal bank', 'cal'] },
  { method: 'bank', code: '340100', name: 'Consolidated Bank Ghana', aliases: ['cbg', 'consolidated bank'] },
  { method: 'bank', code: '130100', name: 'Ecobank Ghana', aliases: ['ecobank', 'eco bank'] },
  { method: 'bank', code: '240100', name: 'Fidelity Bank Ghana', aliases: ['fidelity', 'fidelity bank'] },
  { method: 'bank', code: '170100', name: 'First Atlantic Bank', aliases: ['first atlantic'] },
  { method: 'bank', code: '330100', name: 'First National Bank Ghana', aliases: ['fnb', 'first national bank'] },
  { method: 'bank', code: '040100', name: 'GCB Bank', aliases: ['gcb', 'ghana commercial bank'] },
  { method: 'bank', code: '230100', name: 'GTBank Ghana', aliases: ['gtbank', 'gt bank', 'guaranty trust bank', 'guaranty trust'] },
  { method: 'bank', code: '050100', name: 'National Investment Bank', aliases: ['nib'] },
  { method: 'bank', code: '180100', name: 'Prudential Bank', aliases: ['prudential'] },
  { method: 'bank', code: '110100', name: 'Republic Bank Ghana', aliases: ['republic bank'] },
  { method: 'bank', code: '090100', name: 'Societe Generale Ghana', aliases: ['societe generale', 'sg ghana', 'sg'] },
  { method: 'bank', code: '190100', name: 'Stanbic Bank Ghana', aliases: ['stanbic', 'stanbic bank'] },
  { method: 'bank', code: '020100', name: 'Standard Chartered Bank Ghana', aliases: ['standard chartered', 'stanchart', 'scb'] },
  { method: 'bank', code: '060100', name: 'United Bank for Africa Ghana', aliases: ['uba', 'united bank for africa'] },
  { method: 'bank', code: '120100', name: 'Zenith Bank Ghana', aliases: ['zenith', 'zenith bank'] },
];

/** Lower case, accents and punctuation gone, words separated by one space ("Société-Générale" -> "societe generale"). */
function words(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The institution a person or a form named: its code ("MTN", "040100"), its network ("telecel"),
 * its name, an alias, or a longer text that contains one as whole words ("MTN MoMo", "GCB Bank
 * Limited", "Vodafone Cash"); null when none matches. An exact match wins, then the longest name
 * contained ("Telecel MoMo" is Telecel, not MTN's "momo").
 */
export function findPayoutInstitution(method: 'mobile_money' | 'bank', text: string): PayoutInstitution | null {
  const list = method === 'mobile_money' ? MOBILE_MONEY_INSTITUTIONS : BANK_INSTITUTIONS;
  const typed = words(text);
  if (typed === '') return null;
  const namesOf = (institution: PayoutInstitution) =>
    [institution.code, institution.network ?? '', institution.name, ...institution.aliases].map(words).filter((name) => name !== '');
  const exact = list.find((institution) => namesOf(institution).includes(typed));
  if (exact) return exact;
  const padded = ` ${typed} `;
  let best: { institution: PayoutInstitution; length: number } | null = null;
  for (const institution of list) {
    for (const name of namesOf(institution)) {
      if (name.length > 2 && padded.includes(` ${name} `) && name.length > (best?.length ?? 0)) best = { institution, length: name.length };
    }
  }
  return best?.institution ?? null;
}

/** The names a form offers for the method (suggestions; a sandbox deployment accepts any other). */
export function payoutInstitutionNames(method: 'mobile_money' | 'bank'): string[] {
  return (method === 'mobile_money' ? MOBILE_MONEY_INSTITUTIONS : BANK_INSTITUTIONS).map((institution) => institution.name);
}

/** The account number without spaces or dashes; a Ghanaian mobile number in its 10-digit form (+233 24... -> 024...). */
export function normalizeAccountNumber(method: 'mobile_money' | 'bank', accountNumber: string): string {
  const compact = accountNumber.replace(/[\s-]+/g, '');
  if (method === 'mobile_money') {
    const international = /^\+?233(\d{9})$/.exec(compact);
    if (international) return `0${international[1]}`;
  }
  return compact;
}

/** "****4567": the last four characters, so a payout line says where without showing the whole number. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}
