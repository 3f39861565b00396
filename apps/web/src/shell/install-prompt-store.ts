import {
  INSTALL_PROMPT_STORAGE_KEY,
  countVisit,
  dismissInstallPrompt,
  parseInstallPromptRecord,
  type InstallPromptRecord,
} from './install-prompt-rule';

/**
 * The browser side of the install offer: the kept `beforeinstallprompt` event, the visit count
 * and "Not now" in localStorage, and whether this is the installed app. The event can come before
 * React has rendered the layout, so it is caught here, when the shell's code first runs.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

const VISIT_COUNTED_KEY = 'pulse_install_visit_counted';

let installEvent: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setInstallEvent(event: BeforeInstallPromptEvent | null): void {
  installEvent = event;
  for (const listener of listeners) listener();
}

// Not on the server, which renders pages without a window (entry-server.tsx).
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own banner away; the app offers installation when it is welcome.
    event.preventDefault();
    setInstallEvent(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setInstallEvent(null));
}

/** For useSyncExternalStore: whether the browser has offered installation. */
export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function canPromptInstall(): boolean {
  return installEvent !== null;
}

export function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

// Storage can throw (private mode, disabled storage): then every visit looks like the first, and
// nothing is offered, which is the safe side.
function readRecord(): InstallPromptRecord {
  try {
    return parseInstallPromptRecord(window.localStorage.getItem(INSTALL_PROMPT_STORAGE_KEY));
  } catch {
    return parseInstallPromptRecord(null);
  }
}

function writeRecord(record: InstallPromptRecord): void {
  try {
    window.localStorage.setItem(INSTALL_PROMPT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // See readRecord.
  }
}

/** Counts this visit (once per tab session) and returns the record with it. */
export function recordVisit(): InstallPromptRecord {
  let alreadyCounted: boolean;
  try {
    alreadyCounted = window.sessionStorage.getItem(VISIT_COUNTED_KEY) === '1';
    window.sessionStorage.setItem(VISIT_COUNTED_KEY, '1');
  } catch {
    return readRecord();
  }
  const record = countVisit(readRecord(), alreadyCounted);
  if (!alreadyCounted) writeRecord(record);
  return record;
}

export function dismissInstall(): void {
  writeRecord(dismissInstallPrompt(readRecord(), Date.now()));
}

/** Shows the browser's install dialog (an event can be used once); true if the person accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = installEvent;
  if (!event) return false;
  setInstallEvent(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome === 'accepted';
}
