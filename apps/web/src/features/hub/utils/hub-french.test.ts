import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { activateLanguage } from '../../../lib/i18n/i18n';
import { describeLikes } from '../../../lib/notifications/group-like-notifications';
import { getMessagePreview } from '../../../lib/message-preview';
import { composerPrompt } from './composer-prompt';
import { newPostsLabel } from './new-posts';

// The French catalogs of Pulse Hub, messages and notifications load and read as whole sentences,
// with French plural forms where the English has one form.
describe('Pulse Hub in French', () => {
  beforeAll(() => activateLanguage('fr'));
  afterAll(() => activateLanguage('en'));

  it('counts new posts with French plurals', () => {
    expect(i18n._(newPostsLabel(1))).toBe('1 nouvelle publication');
    expect(i18n._(newPostsLabel(4))).toBe('4 nouvelles publications');
  });

  it('prompts a farm in French', () => {
    expect(i18n._(composerPrompt(['buyer', 'seller']))).toBe('Partagez un moment de votre ferme…');
  });

  it('marks the reader’s own message and names likers in French', () => {
    const message = { id: 'm', conversationId: 'c', senderId: 'me', body: 'Oui', imageUrl: null, createdAt: '2026-11-22T10:00:00Z', readByOther: false };
    expect(getMessagePreview(message, 'me', i18n)).toBe('Vous\u00a0: Oui');
    expect(getMessagePreview(null, 'me', i18n)).toBe('Aucun message pour l’instant');
    const like = (message: string) => ({ id: message, type: 'like' as const, source: 'pulse_hub' as const, message, content_type: 'post', related_entity_id: 'p1', read: false, created_at: '2026-11-25T12:00:00Z' });
    expect(describeLikes([like('ama liked your post'), like('kofi liked your post'), like('yaw liked your post')], i18n)).toBe(
      'ama et 2 autres personnes ont aimé votre publication',
    );
    expect(describeLikes([like('Quelqu’un aime'), like('Un autre')], i18n)).toBe('2 personnes ont aimé votre publication');
  });
});
