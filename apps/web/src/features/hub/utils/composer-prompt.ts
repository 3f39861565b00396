import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TRole } from '@pulse/contract/users';

/**
 * The composer's prompt, in the words of the person writing: a farm shares its harvest, an agent
 * its rounds, a buyer what they cooked, found or want to ask. The roles decide, not the mode: a
 * farm shopping in buyer mode is still a farm on the Hub, where posts carry the person's name.
 * Rendered with i18n._() in the reader's language.
 */
export function composerPrompt(roles: readonly TRole[] | undefined): MessageDescriptor {
  if (roles?.includes('seller')) return msg`Share something from your farm…`;
  if (roles?.includes('agent')) return msg`Share something from your delivery rounds…`;
  return msg`Share a recipe, a good find or a question for the farms…`;
}
