import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { completionRate, formatKm, formatTaskSize, formatTaskWindow, hasFullDropOff, navigationLinks, nextStepText } from './task-display';

describe('task display', () => {
  it('links a point to directions and to the geo: URI, none without coordinates', () => {
    expect(navigationLinks({ lat: 6.6850123456, lng: -1.633 }, 'Ama Mensah, 9 Nhyiaeso Avenue')).toEqual({
      directions: 'https://www.google.com/maps/dir/?api=1&destination=6.685012,-1.633',
      geo: 'geo:6.685012,-1.633?q=6.685012,-1.633(Ama%20Mensah%2C%209%20Nhyiaeso%20Avenue)',
    });
    expect(navigationLinks({ lat: null, lng: null }, 'Farm')).toBeNull();
  });

  it('formats distances', () => {
    expect(formatKm(i18n, null)).toBe('distance unknown');
    expect(formatKm(i18n, 0.846)).toBe('850 m');
    expect(formatKm(i18n, 3.24)).toBe('3.2 km');
    expect(formatKm(i18n, 12.6)).toBe('13 km');
  });

  it('formats the size with the weight when known', () => {
    expect(formatTaskSize(i18n, { itemCount: 1, weightKg: null })).toBe('1 item');
    expect(formatTaskSize(i18n, { itemCount: 3, weightKg: 4.54 })).toBe('3 items · 4.5 kg');
  });

  it('formats the window in the given zone', () => {
    expect(formatTaskWindow(i18n, null, null)).toBe('No window set');
    expect(formatTaskWindow(i18n, '2030-03-05T09:00:00.000Z', '2030-03-05T11:00:00.000Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('Tue 5 Mar, 09:00–11:00');
    expect(formatTaskWindow(i18n, '2030-03-05T09:00:00.000Z', null, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('Tue 5 Mar, 10:00');
  });

  it('says the next step by status', () => {
    expect(nextStepText(i18n, { status: 'claimed', nextStep: 'pickup' })).toMatch(/pickup code/);
    expect(nextStepText(i18n, { status: 'in_transit', nextStep: 'deliver' })).toMatch(/confirmation code/);
  });

  it('tells a full drop-off from a town-only one', () => {
    expect(hasFullDropOff({ city: 'Accra', region: 'Greater Accra' })).toBe(false);
    expect(
      hasFullDropOff({ city: 'Accra', region: 'Greater Accra', recipientName: 'A', phone: '1', line1: 'x', line2: '', postalCode: '', lat: null, lng: null }),
    ).toBe(true);
  });

  it('computes the completion rate', () => {
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(2, 3)).toBe(67);
  });
});
