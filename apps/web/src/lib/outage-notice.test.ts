import { describe, expect, it } from 'vitest';
import { createOutageNotice } from './outage-notice';

describe('the Network Error toast for saved answers, once per outage', () => {
  it('is due for the first saved answer of an outage, not for the next ones', () => {
    const notice = createOutageNotice();
    expect(notice.takeToastForSavedAnswer()).toBe(true);
    expect(notice.takeToastForSavedAnswer()).toBe(false);
    expect(notice.takeToastForSavedAnswer()).toBe(false);
  });

  it('is due again after the server answered once in between (a new outage)', () => {
    const notice = createOutageNotice();
    expect(notice.takeToastForSavedAnswer()).toBe(true);
    notice.serverAnswered();
    expect(notice.takeToastForSavedAnswer()).toBe(true);
  });

  it('is not repeated when a call without any answer already showed it', () => {
    const notice = createOutageNotice();
    notice.toastShown();
    expect(notice.takeToastForSavedAnswer()).toBe(false);
  });
});
