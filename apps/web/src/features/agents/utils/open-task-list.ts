import type { TDeliveryTaskListItem, TListOpenTasksResponse } from '@pulse/contract/delivery';

/** The open list with an offered task in it (replacing an older copy), nearest farm first, unknown distances last. */
export function withOfferedTask(list: TListOpenTasksResponse, task: TDeliveryTaskListItem): TListOpenTasksResponse {
  const items = [...list.items.filter((item) => item.id !== task.id), task];
  items.sort((a, b) => (a.distanceToPickupKm ?? Infinity) - (b.distanceToPickupKm ?? Infinity));
  return { ...list, items };
}
