import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDeliveryFeeBands } from '../../config';

describe('order settings in the environment', () => {
  it('defaults: 10% commission, bands 5/15/40 km, auto-complete after 3 days, timers on', () => {
    // Dollar-sized fees; the cedi default (GH₵35/70/140) is config.test.ts's.
    const config = loadConfig({ CURRENCY: 'USD' });
    expect(config.commissionBps).toBe(1000);
    expect(config.deliveryFeeBands).toEqual([
      { upToKm: 5, feeMinor: 300 },
      { upToKm: 15, feeMinor: 600 },
      { upToKm: 40, feeMinor: 1200 },
    ]);
    expect(config.autoCompleteDays).toBe(3);
    expect(config.orderTimers).toBe(true);
  });

  it('reads the variables', () => {
    const config = loadConfig({ COMMISSION_BPS: '250', DELIVERY_FEE_BANDS: '2.5:100, 10:450', AUTO_COMPLETE_DAYS: '7', ORDER_TIMERS: 'off' });
    expect(config).toMatchObject({ commissionBps: 250, autoCompleteDays: 7, orderTimers: false });
    expect(config.deliveryFeeBands).toEqual([
      { upToKm: 2.5, feeMinor: 100 },
      { upToKm: 10, feeMinor: 450 },
    ]);
  });

  it('stops with a message naming the variable on a bad value', () => {
    expect(() => loadConfig({ COMMISSION_BPS: '20000' })).toThrow(/COMMISSION_BPS/);
    expect(() => loadConfig({ AUTO_COMPLETE_DAYS: '0' })).toThrow(/AUTO_COMPLETE_DAYS/);
    expect(() => loadConfig({ ORDER_TIMERS: 'maybe' })).toThrow(/ORDER_TIMERS/);
    expect(() => parseDeliveryFeeBands('5:300,abc')).toThrow(ConfigError);
    expect(() => parseDeliveryFeeBands('15:300,5:600')).toThrow(/ascending/);
  });
});
