import type { EmptyStateContent } from '../app/route-types';

/**
 * What each page still to be built says, by route id: loaded with the empty-state page only, so
 * these sentences are not part of every page's first load.
 */
const BROWSE_PRODUCTS = { label: 'Browse products', to: '/product-listing' };

export const EMPTY_STATE_CONTENT: Readonly<Record<string, EmptyStateContent>> = {
  'hub-other': {
    icon: 'hub',
    description: 'This part of Pulse Hub will be shown here.',
    action: { label: 'Back to feed', to: '/hub/feed' },
  },
  'pulse-assistant': {
    icon: 'assistant',
    description: 'Ask about produce, orders, deliveries or selling, and get answers from live data here.',
    action: BROWSE_PRODUCTS,
  },
};
