/**
 * The pseudo-locale check of the route walk (issue 23, decision 046): with `?lang=pseudo` every text
 * of the app's catalogs is accented and 30% longer ("Ƥàŷ ñöŵ~~~"), so a plain English word left on a
 * page is either the demo's own content (a product, a farm, a person, a town: it came from the API)
 * or a text that escaped the catalogs. Labels that no longer fit their control at 390 px are
 * reported too.
 */
import type { Page } from '@playwright/test';

export interface TextFinding {
  kind: 'untranslated' | 'clipped';
  text: string;
}

const WORD = /[A-Za-z]{3,}/g;

/** What Intl writes in English for the pseudo-locale (it formats as English): month and day names, relative times. */
function intlWords(): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => (text.match(WORD) ?? []).forEach((word) => words.add(word.toLowerCase()));
  for (let month = 0; month < 12; month += 1) {
    const date = new Date(Date.UTC(2026, month, 15));
    for (const style of ['long', 'short'] as const) add(new Intl.DateTimeFormat('en', { month: style, weekday: style }).format(date));
  }
  for (let day = 0; day < 7; day += 1) add(new Intl.DateTimeFormat('en', { weekday: 'long' }).format(new Date(Date.UTC(2026, 10, 22 + day))));
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const style of ['long', 'short', 'narrow'] as const) {
      for (const value of [-2, -1, 0, 1, 2]) add(new Intl.RelativeTimeFormat('en', { style, numeric: 'auto' }).format(value, unit));
    }
  }
  add(new Intl.DateTimeFormat('en', { hour: 'numeric', hour12: true }).format(new Date()));
  ['am', 'pm', 'Pulse', 'Market', 'Hub', 'Assistant', 'Agent', 'Agents', 'GHS', 'USD', 'XOF', 'CFA', 'km', 'Leaflet', 'OpenStreetMap'].forEach((word) => words.add(word.toLowerCase()));
  return words;
}

/**
 * Starts collecting the words of every string in the API's JSON answers to this page: the demo
 * data's own words, which no catalog translates. Returns the live set the check reads.
 */
export function collectContentWords(page: Page): Set<string> {
  const words = intlWords();
  const addStrings = (value: unknown): void => {
    if (typeof value === 'string') (value.match(WORD) ?? []).forEach((word) => words.add(word.toLowerCase()));
    else if (Array.isArray(value)) value.forEach(addStrings);
    else if (value && typeof value === 'object') Object.values(value).forEach(addStrings);
  };
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    try {
      // A page the server rendered carries the API's answers inline (decision 056).
      if (type.includes('text/html')) {
        const inline = /<script type="application\/json" id="pulse-server-render">([\s\S]*?)<\/script>/.exec(await response.text());
        if (inline?.[1]) addStrings(JSON.parse(inline[1]) as unknown);
        return;
      }
      if (!response.url().includes('/api/') || !type.includes('json')) return;
      addStrings(await response.json());
    } catch {
      // A body already gone (a redirect, an aborted request): nothing to learn from it.
    }
  });
  return words;
}

/** English words the page shows that are not content, and labels cut off by their control. */
export async function findUntranslatedText(page: Page, contentWords: ReadonlySet<string>): Promise<TextFinding[]> {
  const shown = await page.evaluate(() => {
    const visible = (element: Element | null) => !!element && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, svg, [aria-hidden="true"]') || !visible(parent)) continue;
      texts.push(text);
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'))) {
      if (!visible(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    // A control's label that is wider than the room it has, and cut (hidden overflow or an ellipsis).
    const clipped: string[] = [];
    const labels = document.querySelectorAll(
      'button, [role="tab"], [role="menuitem"], [role="radio"], label, nav a, .mantine-Button-label, .mantine-Badge-label, .mantine-Chip-label, .mantine-SegmentedControl-label, .mantine-Tabs-tabLabel, .mantine-NavLink-label',
    );
    for (const element of Array.from(labels)) {
      if (!(element instanceof HTMLElement) || !visible(element) || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const cuts = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (cuts && element.scrollWidth > element.clientWidth + 1) clipped.push(element.textContent.trim());
    }
    return { texts, clipped };
  });
  const findings: TextFinding[] = [];
  const seen = new Set<string>();
  for (const text of shown.texts) {
    // Addresses (a share link, a contact e-mail) are not words of a language.
    const words = text.replace(/\S*(:\/\/|@)\S*/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
    const english = words.filter((word) => !contentWords.has(word.toLowerCase()));
    if (english.length > 0 && !seen.has(text)) {
      seen.add(text);
      findings.push({ kind: 'untranslated', text });
    }
  }
  for (const text of new Set(shown.clipped)) findings.push({ kind: 'clipped', text });
  return findings;
}
