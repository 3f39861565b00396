import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TDeliveryTask } from '@pulse/contract/delivery';
import { useAuth } from '../../../lib/auth/use-auth';
import { useIdempotentAttempt } from '../../../lib/use-idempotent-attempt';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { invalidateWallet } from '../../../lib/wallet-api';
import { deliveryKeys } from '../api/delivery-query-keys';
import { postTaskStep, type TaskStep } from '../api/post-task-step';

/**
 * One step of a task (claim, release, pickup, deliver, fail): at most one request at a time, the
 * same Idempotency-Key while the same request is retried (a double tap acts once), a fresh key
 * once it succeeded. Afterwards the agent's task lists (and, on delivery, the wallet) refetch.
 */
export function useTaskStep(taskId: string, step: TaskStep) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { keyFor, reset } = useIdempotentAttempt();
  const { isPending, runOnce } = useSingleSubmit();

  const run = useCallback(
    (body: unknown, handlers: { onDone?: (task: TDeliveryTask) => void; onError?: (error: unknown) => void } = {}) =>
      runOnce(async () => {
        try {
          const task = await postTaskStep(taskId, step, body, keyFor({ taskId, step, body }));
          reset();
          handlers.onDone?.(task);
        } catch (error) {
          handlers.onError?.(error);
        } finally {
          void queryClient.invalidateQueries({ queryKey: deliveryKeys.all() });
          if (step === 'deliver') void invalidateWallet(queryClient, user?.id ?? null);
        }
      }),
    [taskId, step, keyFor, reset, runOnce, queryClient, user?.id],
  );

  return { run, isPending };
}
