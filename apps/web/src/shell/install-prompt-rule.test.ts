import { describe, expect, it } from 'vitest';
import {
  INSTALL_PROMPT_DELAY_MS,
  INSTALL_PROMPT_SNOOZE_MS,
  countVisit,
  dismissInstallPrompt,
  msUntilOffer,
  parseInstallPromptRecord,
  shouldOfferInstall,
  type InstallPromptSituation,
} from './install-prompt-rule';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

function situation(overrides: Partial<InstallPromptSituation> = {}): InstallPromptSituation {
  return {
    record: { visits: 2, dismissedAt: null },
    now: NOW,
    visitMs: INSTALL_PROMPT_DELAY_MS,
    canInstall: true,
    standalone: false,
    ...overrides,
  };
}

describe('install prompt rule', () => {
  it('never offers on the first visit, however long it lasts', () => {
    expect(shouldOfferInstall(situation({ record: { visits: 1, dismissedAt: null }, visitMs: 60 * 60 * 1000 }))).toBe(false);
  });

  it('offers from the second visit on, once the visit has lasted a little', () => {
    expect(shouldOfferInstall(situation({ visitMs: INSTALL_PROMPT_DELAY_MS - 1 }))).toBe(false);
    expect(shouldOfferInstall(situation())).toBe(true);
    expect(shouldOfferInstall(situation({ record: { visits: 9, dismissedAt: null } }))).toBe(true);
    expect(msUntilOffer(0)).toBe(INSTALL_PROMPT_DELAY_MS);
    expect(msUntilOffer(INSTALL_PROMPT_DELAY_MS + 5)).toBe(0);
  });

  it('stays quiet for 30 days after "Not now", then offers again', () => {
    const dismissed = dismissInstallPrompt({ visits: 3, dismissedAt: null }, NOW);
    expect(shouldOfferInstall(situation({ record: dismissed, now: NOW + DAY }))).toBe(false);
    expect(shouldOfferInstall(situation({ record: dismissed, now: NOW + INSTALL_PROMPT_SNOOZE_MS - 1 }))).toBe(false);
    expect(shouldOfferInstall(situation({ record: dismissed, now: NOW + INSTALL_PROMPT_SNOOZE_MS }))).toBe(true);
    expect(INSTALL_PROMPT_SNOOZE_MS).toBe(30 * DAY);
  });

  it('offers nothing inside the installed app or when the browser cannot install', () => {
    expect(shouldOfferInstall(situation({ standalone: true }))).toBe(false);
    expect(shouldOfferInstall(situation({ canInstall: false }))).toBe(false);
  });

  it('counts each tab session once', () => {
    const first = countVisit({ visits: 0, dismissedAt: null }, false);
    expect(first.visits).toBe(1);
    expect(countVisit(first, true).visits).toBe(1);
    expect(countVisit(first, false).visits).toBe(2);
  });

  it('reads a stored record and treats anything unreadable as a first visit', () => {
    expect(parseInstallPromptRecord(JSON.stringify({ visits: 4, dismissedAt: NOW }))).toEqual({ visits: 4, dismissedAt: NOW });
    expect(parseInstallPromptRecord(null)).toEqual({ visits: 0, dismissedAt: null });
    expect(parseInstallPromptRecord('not json')).toEqual({ visits: 0, dismissedAt: null });
    expect(parseInstallPromptRecord('null')).toEqual({ visits: 0, dismissedAt: null });
    expect(parseInstallPromptRecord(JSON.stringify({ visits: 'many', dismissedAt: 'yesterday' }))).toEqual({ visits: 0, dismissedAt: null });
  });
});
