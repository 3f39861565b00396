import { describe, expect, it } from 'vitest';
import { splitPostText } from './post-text';

describe('splitPostText', () => {
  it('leaves plain text as one segment', () => {
    expect(splitPostText('Fresh yams today')).toEqual([{ kind: 'text', text: 'Fresh yams today' }]);
  });

  it('finds links with a scheme and bare domains, keeping the text around them', () => {
    expect(splitPostText('See https://example.com/yams?x=1 or example.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/yams?x=1', href: 'https://example.com/yams?x=1' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'example.org', href: 'http://example.org' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('finds #tags at the start, after spaces and punctuation, in any script', () => {
    expect(splitPostText('#harvest day (#Kumasi), #café!')).toEqual([
      { kind: 'tag', text: '#harvest', tag: 'harvest' },
      { kind: 'text', text: ' day (' },
      { kind: 'tag', text: '#Kumasi', tag: 'kumasi' },
      { kind: 'text', text: '), ' },
      { kind: 'tag', text: '#café', tag: 'café' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('does not take a # inside a word, a number alone or a link fragment for a tag', () => {
    expect(splitPostText('issue#4 costs #1 at https://example.com/#top')).toEqual([
      { kind: 'text', text: 'issue#4 costs #1 at ' },
      { kind: 'link', text: 'https://example.com/#top', href: 'https://example.com/#top' },
    ]);
  });

  it('finds @mentions of usernames, not the end of a sentence or an e-mail address', () => {
    expect(splitPostText('Greens from @green.valley. Ask @ama_buys!')).toEqual([
      { kind: 'text', text: 'Greens from ' },
      { kind: 'mention', text: '@green.valley', username: 'green.valley' },
      { kind: 'text', text: '. Ask ' },
      { kind: 'mention', text: '@ama_buys', username: 'ama_buys' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('does not treat e-mail addresses as links', () => {
    expect(splitPostText('write to ama@example.com')).toEqual([{ kind: 'text', text: 'write to ama@example.com' }]);
  });
});
