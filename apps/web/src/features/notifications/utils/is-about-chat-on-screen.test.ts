import { describe, expect, it } from 'vitest';
import { isAboutChatOnScreen } from './is-about-chat-on-screen';

const CHAT = '01a20113-b7fb-7136-a685-8ab5f606f5c9';

describe('new message notification for the chat on screen', () => {
  it('is recognised while that chat is open in a tab in front', () => {
    expect(isAboutChatOnScreen({ type: 'new_message', related_entity_id: CHAT }, `/chat/${CHAT}`, 'visible')).toBe(true);
  });

  it('still alerts from another page, another chat or a tab in the background', () => {
    expect(isAboutChatOnScreen({ type: 'new_message', related_entity_id: CHAT }, '/messages', 'visible')).toBe(false);
    expect(isAboutChatOnScreen({ type: 'new_message', related_entity_id: CHAT }, '/chat/01a20113-b861-77cf-9f68-bb61f186d5e8', 'visible')).toBe(false);
    expect(isAboutChatOnScreen({ type: 'new_message', related_entity_id: CHAT }, `/chat/${CHAT}`, 'hidden')).toBe(false);
  });

  it('never silences other kinds of notification', () => {
    expect(isAboutChatOnScreen({ type: 'like', related_entity_id: CHAT }, `/chat/${CHAT}`, 'visible')).toBe(false);
  });
});
