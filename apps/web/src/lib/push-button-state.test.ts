import { describe, expect, it } from 'vitest';
import { PUSH_BUTTON_VIEWS, toPushButtonState } from './push-button-state';

describe('toPushButtonState', () => {
  it('maps each permission answer to what the control shows', () => {
    expect(toPushButtonState('granted')).toBe('on');
    expect(toPushButtonState('denied')).toBe('blocked');
    expect(toPushButtonState('default')).toBe('off');
    expect(toPushButtonState('unsupported')).toBe('unsupported');
    expect(toPushButtonState('error')).toBe('error');
  });

  it('lets the user retry after an error or a dismissed prompt, but not when blocked or unsupported', () => {
    expect(PUSH_BUTTON_VIEWS[toPushButtonState('error')].actionable).toBe(true);
    expect(PUSH_BUTTON_VIEWS[toPushButtonState('default')].actionable).toBe(true);
    expect(PUSH_BUTTON_VIEWS[toPushButtonState('denied')].actionable).toBe(false);
    expect(PUSH_BUTTON_VIEWS[toPushButtonState('unsupported')].actionable).toBe(false);
  });
});
