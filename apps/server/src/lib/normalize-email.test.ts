import { describe, expect, it } from 'vitest';
import { isSameMailbox, normalizeEmail } from './normalize-email';

describe('normalizeEmail', () => {
  it.each([
    ['Ama@Example.com', 'ama@example.com'],
    ['  ama@example.com ', 'ama@example.com'],
    ['ama+shop@example.com', 'ama@example.com'],
    ['ama+shop+more@Farm.Example', 'ama@farm.example'],
    ['a.b+x@gmail.com', 'ab@gmail.com'],
    ['A.B@GoogleMail.com', 'ab@gmail.com'],
    ['ab@googlemail.com', 'ab@gmail.com'],
    ['a.b+c@hotmail.com', 'a.b@hotmail.com'],
    ['a.b@outlook.com', 'a.b@outlook.com'],
    // Dots only vanish for Gmail-style addresses.
    ['ama.mensah@example.com', 'ama.mensah@example.com'],
    ['x+y@yahoo.com', 'x@yahoo.com'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  it('leaves something that is not an address recognisable', () => {
    expect(normalizeEmail(' Not An Email ')).toBe('not an email');
    expect(normalizeEmail('+tag@example.com')).toBe('+tag@example.com');
  });

  it('tells the same mailbox apart from a different one', () => {
    expect(isSameMailbox('a.b+x@gmail.com', 'ab@googlemail.com')).toBe(true);
    expect(isSameMailbox('ama@example.com', 'AMA+referral@example.com')).toBe(true);
    expect(isSameMailbox('ama.m@example.com', 'amam@example.com')).toBe(false);
  });
});
