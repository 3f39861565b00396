import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TMessage } from '@pulse/contract/messages';

/** One line for the conversation list: "You: " on the user's own messages, "Photo" for a picture alone. */
export function getMessagePreview(message: TMessage | null, userId: string | null, i18n: I18n): string {
  if (!message) return i18n._(msg`No messages yet`);
  const text = message.body.trim() !== '' ? message.body.replace(/\s+/g, ' ').trim() : message.imageUrl ? i18n._(msg`Photo`) : '';
  return message.senderId === userId ? i18n._(msg`You: ${text}`) : text;
}

/** Unread figure on a conversation: the number up to 99, then "99+" (spec §9). */
export function formatUnreadFigure(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
