import { describe, expect, it } from 'vitest';
import { POPUP_CTA_PAIR_MESSAGE, POPUP_URL_MESSAGE, POPUP_WINDOW_MESSAGE } from '@pulse/contract/popups';
import { EMPTY_POPUP_FORM, checkPopupForm, toCreatePopupInput } from './popup-form';

const NOW = new Date('2026-11-22T10:00:00Z');

describe('popup form', () => {
  it('sends empty optional fields as null and leaves the start out (starts now)', () => {
    expect(toCreatePopupInput({ ...EMPTY_POPUP_FORM, title: 'Harvest week', message: 'Fresh mangoes' })).toEqual({
      title: 'Harvest week',
      message: 'Fresh mangoes',
      image_url: null,
      cta_label: null,
      cta_url: null,
      target_audience: 'all',
      ends_at: null,
    });
  });

  it('turns local date-times into ISO instants', () => {
    const input = toCreatePopupInput({ ...EMPTY_POPUP_FORM, title: 't', message: 'm', startsAt: '2026-12-01T09:30', endsAt: '2026-12-02T09:30' });
    expect(input.starts_at).toBe(new Date('2026-12-01T09:30').toISOString());
    expect(input.ends_at).toBe(new Date('2026-12-02T09:30').toISOString());
  });

  it('gives the schema messages under the right inputs', () => {
    const result = checkPopupForm({ ...EMPTY_POPUP_FORM, ctaUrl: 'http://example.com' }, NOW);
    expect(result).toEqual({ ok: false, fields: { title: 'Required', message: 'Required', ctaUrl: POPUP_URL_MESSAGE, ctaLabel: POPUP_CTA_PAIR_MESSAGE } });
  });

  it('shows the window rule together with the schema messages', () => {
    const result = checkPopupForm({ ...EMPTY_POPUP_FORM, title: 't', message: 'm', imageUrl: 'javascript:x', startsAt: '2026-12-02T09:30', endsAt: '2026-12-01T09:30' }, NOW);
    expect(result).toEqual({ ok: false, fields: { imageUrl: POPUP_URL_MESSAGE, endsAt: POPUP_WINDOW_MESSAGE } });
  });

  it('refuses an end before the start and half a button', () => {
    const result = checkPopupForm(
      { ...EMPTY_POPUP_FORM, title: 't', message: 'm', ctaLabel: 'Shop now', startsAt: '2026-12-02T09:30', endsAt: '2026-12-01T09:30' },
      NOW,
    );
    expect(result).toEqual({ ok: false, fields: { endsAt: POPUP_WINDOW_MESSAGE, ctaUrl: POPUP_CTA_PAIR_MESSAGE } });
  });

  it('accepts a complete popup', () => {
    const result = checkPopupForm({ ...EMPTY_POPUP_FORM, title: 't', message: 'm', ctaLabel: 'Shop', ctaUrl: '/products', audience: 'logged_in' }, NOW);
    expect(result.ok).toBe(true);
  });
});
