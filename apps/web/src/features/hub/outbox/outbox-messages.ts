import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NO_CONNECTION_MESSAGE, PHOTOS_NOT_QUEUED_MESSAGE, SIGN_IN_TO_SEND_MESSAGE, UNREADABLE_ANSWER_MESSAGE } from './outbox-state';

/**
 * The outbox keeps why a post was not sent as the English text it records (the service worker,
 * which writes it, runs without the catalogs, and the sender compares NO_CONNECTION_MESSAGE).
 * This puts the app's own reasons into the reader's language when the page shows them; a server's
 * message comes already in the language the browser asked for, and stays as it is.
 */
export function describeOutboxError(lastError: string, i18n: I18n): string {
  if (lastError === NO_CONNECTION_MESSAGE) return i18n._(msg`Could not connect to the server`);
  if (lastError === SIGN_IN_TO_SEND_MESSAGE) return i18n._(msg`Sign in again to send this post`);
  if (lastError === PHOTOS_NOT_QUEUED_MESSAGE) {
    return i18n._(msg`This browser cannot keep photos while offline. Post again without the photos, or wait until you are back online.`);
  }
  if (lastError === UNREADABLE_ANSWER_MESSAGE) return i18n._(msg`The server sent an answer the app does not understand`);
  const busy = /^The server could not take the post just now \((\d+)\)$/.exec(lastError);
  if (busy) {
    const status = busy[1] ?? '';
    return i18n._(msg`The server could not take the post just now (${status})`);
  }
  const refused = /^The server refused the post \((\d+)\)$/.exec(lastError);
  if (refused) {
    const status = refused[1] ?? '';
    return i18n._(msg`The server refused the post (${status})`);
  }
  return lastError;
}
