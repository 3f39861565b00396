/**
 * When to offer "Install Pulse Market" (issue 10). Never on someone's first visit: they have not
 * decided they like the market yet. From the second visit on, once they have spent a little time
 * on the page (not over the first paint), and only if the browser offers installation at all. After
 * "Not now", quiet for 30 days. Never inside the installed app.
 */
export const INSTALL_PROMPT_STORAGE_KEY = 'pulse_install_prompt';
export const INSTALL_PROMPT_MIN_VISITS = 2;
export const INSTALL_PROMPT_DELAY_MS = 15_000;
export const INSTALL_PROMPT_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

export interface InstallPromptRecord {
  /** Visits counted so far, this one included (a visit is a browser tab session). */
  visits: number;
  /** When "Not now" was last chosen (epoch ms), or null. */
  dismissedAt: number | null;
}

export interface InstallPromptSituation {
  record: InstallPromptRecord;
  now: number;
  /** How long this visit has lasted. */
  visitMs: number;
  /** The browser has offered installation (a kept beforeinstallprompt event). */
  canInstall: boolean;
  /** Running as the installed app (display-mode: standalone). */
  standalone: boolean;
}

const EMPTY_RECORD: InstallPromptRecord = { visits: 0, dismissedAt: null };

/** Reads the stored record; anything unreadable counts as nothing stored. */
export function parseInstallPromptRecord(raw: string | null): InstallPromptRecord {
  if (!raw) return EMPTY_RECORD;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof InstallPromptRecord, unknown>> | null;
    const visits = typeof value?.visits === 'number' && Number.isFinite(value.visits) && value.visits > 0 ? Math.floor(value.visits) : 0;
    const dismissedAt = typeof value?.dismissedAt === 'number' && Number.isFinite(value.dismissedAt) ? value.dismissedAt : null;
    return { visits, dismissedAt };
  } catch {
    return EMPTY_RECORD;
  }
}

/** The record once this visit is counted; a visit already counted in this tab is not counted again. */
export function countVisit(record: InstallPromptRecord, alreadyCounted: boolean): InstallPromptRecord {
  return alreadyCounted ? record : { ...record, visits: record.visits + 1 };
}

export function dismissInstallPrompt(record: InstallPromptRecord, now: number): InstallPromptRecord {
  return { ...record, dismissedAt: now };
}

export function shouldOfferInstall({ record, now, visitMs, canInstall, standalone }: InstallPromptSituation): boolean {
  if (standalone || !canInstall) return false;
  if (record.visits < INSTALL_PROMPT_MIN_VISITS) return false;
  if (record.dismissedAt !== null && now - record.dismissedAt < INSTALL_PROMPT_SNOOZE_MS) return false;
  return visitMs >= INSTALL_PROMPT_DELAY_MS;
}

/** How much longer this visit must last before the offer may show (0: now). */
export function msUntilOffer(visitMs: number): number {
  return Math.max(0, INSTALL_PROMPT_DELAY_MS - visitMs);
}
