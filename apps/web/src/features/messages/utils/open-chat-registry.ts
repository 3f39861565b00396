/**
 * Which conversation this tab shows right now. Each tab has its own module state, which is what
 * the counts need: another tab showing the chat does not make this tab's user see the message.
 */
let openConversationId: string | null = null;

export function setOpenConversation(conversationId: string): void {
  openConversationId = conversationId;
}

export function clearOpenConversation(conversationId: string): void {
  if (openConversationId === conversationId) openConversationId = null;
}

/** True when the chat is on screen: its page is open and the tab is in front. */
export function isConversationOnScreen(conversationId: string): boolean {
  return openConversationId === conversationId && document.visibilityState === 'visible';
}
