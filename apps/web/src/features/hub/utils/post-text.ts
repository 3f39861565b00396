import { LinkifyIt } from 'linkify-it';

export type PostTextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; username: string };

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false });

/**
 * A #tag (letters, digits and underscores, at least one letter) or an @mention (a username:
 * letters, digits, dots, dashes, underscores; no trailing dot) after a # or @ that starts a word.
 */
const TAG_OR_MENTION_PATTERN = /(^|[^\p{L}\p{N}_&#@/.])(?:#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)|@([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*))/gu;

function splitTags(text: string): PostTextSegment[] {
  const segments: PostTextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG_OR_MENTION_PATTERN)) {
    const lead = match[1] ?? '';
    const tag = match[2];
    const username = match[3];
    const start = (match.index ?? 0) + lead.length;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    if (tag !== undefined) segments.push({ kind: 'tag', text: `#${tag}`, tag: tag.toLowerCase() });
    else segments.push({ kind: 'mention', text: `@${username ?? ''}`, username: username ?? '' });
    last = start + 1 + (tag ?? username ?? '').length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/**
 * A post's or comment's text cut into plain text, links (linkify-it: schemes, bare domains),
 * #tags and @mentions, in order, so the card renders links as anchors without ever rendering the text as HTML.
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
