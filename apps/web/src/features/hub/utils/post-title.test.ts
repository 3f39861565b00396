import { describe, expect, it } from 'vitest';
import { postDocumentTitle } from './post-title';

describe('postDocumentTitle', () => {
  it('is the author and the whole text when it is short', () => {
    expect(postDocumentTitle({ author: { username: 'ama' }, text: 'Fresh yams\ntoday' })).toBe('ama: Fresh yams today');
  });

  it('cuts a long text at a word within 40 characters', () => {
    const text = 'Harvest morning at the farm with the whole family and the neighbours';
    expect(postDocumentTitle({ author: { username: 'kofi' }, text })).toBe('kofi: Harvest morning at the farm with the…');
  });

  it('cuts one long word at 40 characters', () => {
    expect(postDocumentTitle({ author: { username: 'kofi' }, text: 'x'.repeat(60) })).toBe(`kofi: ${'x'.repeat(40)}…`);
  });
});
