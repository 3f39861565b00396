import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TStandingOrderDetail } from '@pulse/contract/standing-orders';
import { postStandingOrder, postStandingOrderAction, postStandingOrderPreview, standingOrderActionPath } from './standing-orders';

const ID = '00000000-0000-4000-8000-000000000010';
const FARM = '00000000-0000-4000-8000-00000000000f';
const PRODUCT = '00000000-0000-4000-8000-000000000001';
const SLOT = '00000000-0000-4000-8000-0000000000aa';
const CYCLE = '00000000-0000-4000-8000-0000000000cc';

const next = {
  cycleDate: '2026-12-02',
  slot: { id: SLOT, sellerUserId: FARM, method: 'pickup', startsAt: '2026-12-02T14:00:00.000Z', endsAt: '2026-12-02T17:00:00.000Z', cutoffAt: '2026-12-01T18:00:00.000Z', remaining: null },
  placesAt: '2026-12-01T06:00:00.000Z',
  skipped: false,
  subtotalMinor: 1500,
  deliveryFeeMinor: 0,
  estimatedTotalMinor: 1500,
  leftOut: [],
  priceAboveLimit: false,
};

const line = { productId: PRODUCT, title: 'Tomatoes', unit: 'kg', imageUrl: null, quantity: 3, acceptedUnitPriceMinor: 500, unitPriceMinor: 500, availability: 'active', available: 40 };

const detail: TStandingOrderDetail = {
  id: ID,
  sellerUserId: FARM,
  shopName: 'Green Valley Farm',
  status: 'active',
  fulfilment: 'pickup',
  intervalWeeks: 1,
  slotMinuteOfWeek: 2 * 1440 + 14 * 60,
  startsOn: '2026-12-02',
  endsOn: null,
  pausedUntil: null,
  lineCount: 1,
  next: next as TStandingOrderDetail['next'],
  needsAttention: false,
  addressId: null,
  priceIncreaseLimitPercent: 10,
  lines: [line as TStandingOrderDetail['lines'][number]],
  cycles: [],
  currency: 'GHS',
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const request = { sellerUserId: FARM, lines: [{ productId: PRODUCT, quantity: 3 }], fulfilment: 'pickup' as const, addressId: null, firstSlotId: SLOT, intervalWeeks: 1 as const, endsOn: null, priceIncreaseLimitPercent: 10 };

describe('weekly baskets API', () => {
  it('previews the first cycle with POST /api/standing-orders/preview and reads the following day', async () => {
    const fetchMock = answer(200, { shopName: 'Green Valley Farm', lines: [line], next, followingCycleDate: '2026-12-09', walletAvailableMinor: 5000, currency: 'GHS' });
    const preview = await postStandingOrderPreview(request);
    expect(preview.followingCycleDate).toBe('2026-12-09');
    expect(preview.next.estimatedTotalMinor).toBe(1500);
    expect(fetchMock).toHaveBeenCalledWith('/api/standing-orders/preview', expect.objectContaining({ method: 'POST', body: JSON.stringify(request) }));
  });

  it('makes it with POST /api/standing-orders', async () => {
    const fetchMock = answer(201, detail);
    await expect(postStandingOrder(request)).resolves.toMatchObject({ id: ID, shopName: 'Green Valley Farm' });
    expect(fetchMock).toHaveBeenCalledWith('/api/standing-orders', expect.objectContaining({ method: 'POST' }));
  });

  it("hands the server's 409 message over (one weekly basket per farm)", async () => {
    answer(409, { error: { code: 'CONFLICT', message: 'You already have a weekly basket from this farm. Change it instead.' } });
    await expect(postStandingOrder(request)).rejects.toMatchObject({ status: 409, message: 'You already have a weekly basket from this farm. Change it instead.' });
  });

  it('skips the next cycle, then takes the skip back, at /skip with its date', async () => {
    const fetchMock = answer(200, { ...detail, next: { ...next, skipped: true } });
    const skipped = await postStandingOrderAction(ID, { kind: 'skip', body: { cycleDate: '2026-12-02', skip: true } });
    expect(skipped.next?.skipped).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(`/api/standing-orders/${ID}/skip`, expect.objectContaining({ method: 'POST', body: JSON.stringify({ cycleDate: '2026-12-02', skip: true }) }));
  });

  it('reaches pause, resume, cancel and the confirmation of a held cycle at their paths', () => {
    expect(standingOrderActionPath(ID, { kind: 'pause', body: { until: '2026-12-14' } })).toBe(`/api/standing-orders/${ID}/pause`);
    expect(standingOrderActionPath(ID, { kind: 'resume' })).toBe(`/api/standing-orders/${ID}/resume`);
    expect(standingOrderActionPath(ID, { kind: 'cancel' })).toBe(`/api/standing-orders/${ID}/cancel`);
    expect(standingOrderActionPath(ID, { kind: 'confirm', cycleId: CYCLE })).toBe(`/api/standing-orders/${ID}/cycles/${CYCLE}/confirm`);
  });
});
