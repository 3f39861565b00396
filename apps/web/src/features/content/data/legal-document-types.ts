import type { MessageDescriptor } from '@lingui/core';

/** A legal page is data so its table of contents and its headings can never drift apart. */
export type LegalBlock =
  | { kind: 'paragraph'; text: MessageDescriptor }
  | { kind: 'list'; items: readonly MessageDescriptor[] }
  | { kind: 'subheading'; text: MessageDescriptor };

export interface LegalSection {
  /** Anchor id, also the target of the table-of-contents link. */
  id: string;
  title: MessageDescriptor;
  blocks: readonly LegalBlock[];
}

/** Every text is a message, rendered with i18n._() in the reader's language. */
export interface LegalDocument {
  title: MessageDescriptor;
  /** ISO date (YYYY-MM-DD). */
  lastUpdated: string;
  /** Plain-language points shown above the full text. */
  summary: readonly MessageDescriptor[];
  sections: readonly LegalSection[];
}
