import { describe, expect, it } from 'vitest';
import { choosePopup, getViewerAudience } from './choose-popup';

type Audience = 'all' | 'logged_in' | 'logged_out';

function popup(id: string, target_audience: Audience, updated_at: string) {
  return { id, target_audience, updated_at };
}

describe('popup choice', () => {
  it('prefers a popup aimed at the viewer over a newer one for everyone', () => {
    const popups = [popup('all-new', 'all', '2026-11-20T00:00:00Z'), popup('members', 'logged_in', '2026-11-01T00:00:00Z')];
    expect(choosePopup(popups, 'logged_in')?.id).toBe('members');
  });

  it('falls back to a popup for everyone', () => {
    const popups = [popup('members', 'logged_in', '2026-11-01T00:00:00Z'), popup('everyone', 'all', '2026-10-01T00:00:00Z')];
    expect(choosePopup(popups, 'logged_out')?.id).toBe('everyone');
  });

  it('never shows a visitor popup to a signed-in user, nor the reverse', () => {
    expect(choosePopup([popup('visitors', 'logged_out', '2026-11-01T00:00:00Z')], 'logged_in')).toBeNull();
    expect(choosePopup([popup('members', 'logged_in', '2026-11-01T00:00:00Z')], 'logged_out')).toBeNull();
  });

  it('breaks ties by the most recent update, whatever the order received', () => {
    const older = popup('older', 'logged_out', '2026-11-01T08:00:00Z');
    const newer = popup('newer', 'logged_out', '2026-11-01T09:00:00Z');
    expect(choosePopup([older, newer], 'logged_out')?.id).toBe('newer');
    expect(choosePopup([newer, older], 'logged_out')?.id).toBe('newer');
    const allOlder = popup('all-older', 'all', '2026-11-01T08:00:00Z');
    const allNewer = popup('all-newer', 'all', '2026-11-02T08:00:00Z');
    expect(choosePopup([allOlder, allNewer], 'logged_in')?.id).toBe('all-newer');
  });

  it('chooses nothing from an empty list', () => {
    expect(choosePopup([], 'logged_in')).toBeNull();
  });

  it('maps the session to its audience', () => {
    expect(getViewerAudience(true)).toBe('logged_in');
    expect(getViewerAudience(false)).toBe('logged_out');
  });
});
