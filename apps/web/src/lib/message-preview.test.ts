import { describe, expect, it } from 'vitest';
import type { TMessage } from '@pulse/contract/messages';
import { i18n } from '@lingui/core';
import { formatUnreadFigure, getMessagePreview as previewOf } from './message-preview';

const getMessagePreview = (message: TMessage | null, userId: string | null) => previewOf(message, userId, i18n);

const ME = '0190a4c2-0000-7000-8000-00000000000a';
const OTHER = '0190a4c2-0000-7000-8000-00000000000b';

function buildMessage(overrides: Partial<TMessage>): TMessage {
  return {
    id: '0190a4c2-0000-7000-8000-000000000001',
    conversationId: '0190a4c2-0000-7000-8000-000000000002',
    senderId: OTHER,
    body: 'Is the honey still available?',
    imageUrl: null,
    createdAt: '2026-11-22T10:00:00Z',
    readByOther: false,
    ...overrides,
  };
}

describe('conversation preview', () => {
  it('shows the other member’s text as it is and marks the user’s own', () => {
    expect(getMessagePreview(buildMessage({}), ME)).toBe('Is the honey still available?');
    expect(getMessagePreview(buildMessage({ senderId: ME, body: 'Yes, 3 jars' }), ME)).toBe('You: Yes, 3 jars');
  });

  it('reads "Photo" for a picture without text and keeps it on one line', () => {
    expect(getMessagePreview(buildMessage({ body: '', imageUrl: '/uploads/a.webp' }), ME)).toBe('Photo');
    expect(getMessagePreview(buildMessage({ body: 'two\nlines' }), ME)).toBe('two lines');
  });

  it('says when a conversation has no messages', () => {
    expect(getMessagePreview(null, ME)).toBe('No messages yet');
  });
});

describe('unread figure', () => {
  it('is hidden at 0 and capped at 99+', () => {
    expect(formatUnreadFigure(0)).toBeNull();
    expect(formatUnreadFigure(7)).toBe('7');
    expect(formatUnreadFigure(99)).toBe('99');
    expect(formatUnreadFigure(100)).toBe('99+');
  });
});
