import type { TMessage } from '@pulse/contract/messages';

/** One line for the conversation list: "You: " on the user's own messages, "Photo" for a picture alone. */
export function getMessagePreview(message: TMessage | null, userId: string | null): string {
  if (!message) return 'No messages yet';
  const text = message.body.trim() !== '' ? message.body.replace(/\s+/g, ' ').trim() : message.imageUrl ? 'Photo' : '';
  return message.senderId === userId ? `You: ${text}` : text;
}

/** Unread figure on a conversation: the number up to 99, then "99+" (spec §9). */
export function formatUnreadFigure(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
