/** Every delivery-task query of the agent starts with 'delivery-tasks': one invalidation refreshes them all. */
export const deliveryKeys = {
  all: () => ['delivery-tasks'] as const,
  open: () => ['delivery-tasks', 'open'] as const,
  mine: (scope: 'active' | 'ended' | 'all') => ['delivery-tasks', 'mine', scope] as const,
};
