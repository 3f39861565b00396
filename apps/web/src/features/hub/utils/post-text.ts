import { LinkifyIt } from 'linkify-it';

export type PostTextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'tag'; text: string; tag: string };

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false });

/** A #tag: letters, digits and underscores after a # that starts a word. */
const TAG_PATTERN = /(^|[^\p{L}\p{N}_&#/])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;

function splitTags(text: string): PostTextSegment[] {
  const segments: PostTextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG_PATTERN)) {
    const lead = match[1] ?? '';
    const tag = match[2] ?? '';
    const start = (match.index ?? 0) + lead.length;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'tag', text: `#${tag}`, tag: tag.toLowerCase() });
    last = start + tag.length + 1;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/**
 * A post's or comment's text cut into plain text, links (linkify-it: schemes, bare domains) and
 * #tags, in order, so the card renders links as anchors without ever rendering the text as HTML.
 */
export function splitPostText(text: string): PostTextSegment[] {
  const segments: PostTextSegment[] = [];
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    if (match.index > last) segments.push(...splitTags(text.slice(last, match.index)));
    segments.push({ kind: 'link', text: match.text, href: match.url });
    last = match.lastIndex;
  }
  if (last < text.length) segments.push(...splitTags(text.slice(last)));
  return segments;
}
