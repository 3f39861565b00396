import { msg } from '@lingui/core/macro';
import type { EmptyStateContent } from '../app/route-types';

/**
 * What each page still to be built says, by route id: loaded with the empty-state page only, so
 * these sentences are not part of every page's first load.
 */
export const EMPTY_STATE_CONTENT: Readonly<Record<string, EmptyStateContent>> = {
  'hub-other': {
    icon: 'hub',
    description: msg`This part of Pulse Hub will be shown here.`,
    action: { label: msg`Back to feed`, to: '/hub/feed' },
  },
};
