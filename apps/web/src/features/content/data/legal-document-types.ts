/** A legal page is data so its table of contents and its headings can never drift apart. */
export type LegalBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'subheading'; text: string };

export interface LegalSection {
  /** Anchor id, also the target of the table-of-contents link. */
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string;
  /** Plain-language points shown above the full text. */
  summary: readonly string[];
  sections: readonly LegalSection[];
}
