import { describe, expect, it, vi } from 'vitest';
import { REFERRAL_QUERY_PARAM, REFERRAL_WINDOW_DAYS, ZReferralCode } from '@pulse/contract/referrals';
import {
  REF_PARAM,
  REFERRAL_STORAGE_KEY,
  VISITOR_ID_STORAGE_KEY,
  WINDOW_DAYS,
  captureReferral,
  clearRememberedReferral,
  getVisitorId,
  normaliseReferralCode,
  readReferralCode,
  rememberReferral,
  type KeyValueStorage,
  type VisitBody,
} from './referral-capture';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function capture(storage: KeyValueStorage | null, search: string, now: number) {
  const visits: VisitBody[] = [];
  const result = captureReferral({
    search,
    pathname: '/product/abc',
    storage,
    now,
    sendVisit: (body) => visits.push(body),
    makeId: () => '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  });
  return { result, visits };
}

describe('the constants mirror the contract', () => {
  it('uses the same parameter and window as the server', () => {
    expect(REF_PARAM).toBe(REFERRAL_QUERY_PARAM);
    expect(WINDOW_DAYS).toBe(REFERRAL_WINDOW_DAYS);
  });

  it('accepts exactly what the contract accepts once normalised', () => {
    for (const raw of ['AMA-7K2', ' ama-7k2 ', 'KOF-A1B', 'abc', 'A', '-AMA', 'AMA-', 'AMA 7K2', 'TOOLONGCODE-1234567890', '']) {
      const contract = ZReferralCode.safeParse(raw);
      expect(normaliseReferralCode(raw), raw).toBe(contract.success ? contract.data : null);
    }
  });
});

describe('captureReferral', () => {
  it('remembers the code of the address with the time and reports the visit', () => {
    const storage = memoryStorage();
    const { result, visits } = capture(storage, '?ref=ama-7k2&q=tomatoes', T0);
    expect(result).toEqual({ code: 'AMA-7K2', remembered: 'AMA-7K2' });
    expect(JSON.parse(storage.data.get(REFERRAL_STORAGE_KEY) ?? 'null')).toEqual({ code: 'AMA-7K2', at: T0 });
    expect(visits).toEqual([{ code: 'AMA-7K2', visitorId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', path: '/product/abc' }]);
  });

  it('keeps the first code while it is inside the window (first touch wins), but still counts the second visit', () => {
    const storage = memoryStorage();
    capture(storage, '?ref=AMA-7K2', T0);
    const { result, visits } = capture(storage, '?ref=KOF-9X1', T0 + 29 * DAY_MS);
    expect(result).toEqual({ code: 'KOF-9X1', remembered: 'AMA-7K2' });
    expect(readReferralCode(storage, T0 + 29 * DAY_MS)).toBe('AMA-7K2');
    expect(visits.map((visit) => visit.code)).toEqual(['KOF-9X1']);
  });

  it('replaces a code once it has expired', () => {
    const storage = memoryStorage();
    capture(storage, '?ref=AMA-7K2', T0);
    const later = T0 + WINDOW_DAYS * DAY_MS;
    expect(readReferralCode(storage, later)).toBeNull();
    const { result } = capture(storage, '?ref=KOF-9X1', later);
    expect(result.remembered).toBe('KOF-9X1');
    expect(readReferralCode(storage, later + 10 * DAY_MS)).toBe('KOF-9X1');
  });

  it('ignores an address without a usable code', () => {
    for (const search of ['', '?q=ref', '?ref=', '?ref=%20x', '?ref=<script>']) {
      const storage = memoryStorage();
      const { result, visits } = capture(storage, search, T0);
      expect(result.code, search).toBeNull();
      expect(visits, search).toEqual([]);
      expect(storage.data.size, search).toBe(0);
    }
  });

  it('keeps working without storage and when reporting the visit throws', () => {
    expect(capture(null, '?ref=AMA-7K2', T0).result).toEqual({ code: 'AMA-7K2', remembered: 'AMA-7K2' });
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const result = captureReferral({
      search: '?ref=AMA-7K2',
      pathname: '/',
      storage: throwing,
      now: T0,
      sendVisit: () => {
        throw new Error('offline');
      },
      makeId: () => '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    });
    expect(result.code).toBe('AMA-7K2');
    expect(() => clearRememberedReferral(throwing)).not.toThrow();
  });
});

describe('readReferralCode and clearRememberedReferral', () => {
  it('reads nothing from a damaged or future-dated entry', () => {
    expect(readReferralCode(memoryStorage({ [REFERRAL_STORAGE_KEY]: 'not json' }), T0)).toBeNull();
    expect(readReferralCode(memoryStorage({ [REFERRAL_STORAGE_KEY]: JSON.stringify({ code: 'AMA-7K2' }) }), T0)).toBeNull();
    expect(readReferralCode(memoryStorage({ [REFERRAL_STORAGE_KEY]: JSON.stringify({ code: 'x', at: T0 }) }), T0)).toBeNull();
    expect(readReferralCode(memoryStorage({ [REFERRAL_STORAGE_KEY]: JSON.stringify({ code: 'AMA-7K2', at: T0 + 40 * DAY_MS }) }), T0)).toBeNull();
  });

  it('forgets the code after a sign-up, so the next link counts again', () => {
    const storage = memoryStorage();
    rememberReferral('AMA-7K2', storage, T0);
    clearRememberedReferral(storage);
    expect(readReferralCode(storage, T0)).toBeNull();
    expect(rememberReferral('KOF-9X1', storage, T0 + DAY_MS).code).toBe('KOF-9X1');
  });
});

describe('getVisitorId', () => {
  it('makes a random id once and keeps it', () => {
    const storage = memoryStorage();
    const makeId = vi.fn(() => '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(getVisitorId(storage, makeId)).toBe('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(getVisitorId(storage, makeId)).toBe('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
    expect(makeId).toHaveBeenCalledTimes(1);
    expect(storage.data.get(VISITOR_ID_STORAGE_KEY)).toBe('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
  });

  it('replaces a stored value that is not a UUID, and makes real UUIDs by default', () => {
    const storage = memoryStorage({ [VISITOR_ID_STORAGE_KEY]: 'tampered' });
    const id = getVisitorId(storage);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(getVisitorId(storage)).toBe(id);
    expect(getVisitorId(memoryStorage())).not.toBe(id);
  });
});
