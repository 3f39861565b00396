import { ZDeliveryTask, type TDeliveryTask } from '@pulse/contract/delivery';
import { apiRequest } from '../../../lib/api-client';
import { reactToSessionOrOutage } from '../../../lib/react-to-session-or-outage';

export type TaskStep = 'claim' | 'release' | 'pickup' | 'deliver' | 'fail';

/**
 * POST /api/delivery/tasks/{id}/{step}: every step answers the task as its holder now sees it.
 * The Idempotency-Key is kept per task and step by the caller, so a double tap or a retry acts once.
 * 4xx answers (a lost race, a wrong code) are shown in place, not as toasts.
 */
export async function postTaskStep(taskId: string, step: TaskStep, body: unknown, idempotencyKey: string): Promise<TDeliveryTask> {
  return apiRequest(`/api/delivery/tasks/${encodeURIComponent(taskId)}/${step}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: ZDeliveryTask,
    reactTo: reactToSessionOrOutage,
  });
}
