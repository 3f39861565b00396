import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import type { TBasketItem, TBasketResponse } from '@pulse/contract/baskets';
import { useAuth } from '../../../lib/auth/use-auth';
import { basketQueryKey } from '../api/get-basket';
import { deleteBasketItem, invalidateBasket, patchBasketItem, postBasketItem } from '../api/change-basket-items';
import { removeLine, setLineQuantity } from '../utils/basket-display';
import { describeLineFailure } from '../utils/describe-line-failure';
import { UndoRemoveMessage } from './undo-remove-message';

/** Waits for the stepper to settle before saving: five quick taps are one PATCH. */
const SAVE_DELAY_MS = 450;

function shiftBasketCount(queryClient: QueryClient, delta: number) {
  queryClient.setQueriesData<number>({ queryKey: ['basket', 'count'] }, (count) => (count === undefined ? count : Math.max(0, count + delta)));
}

async function undoRemove(queryClient: QueryClient, item: TBasketItem, quantity: number) {
  try {
    await postBasketItem({ productId: item.productId, quantity });
    notifications.show({ color: 'green', title: t`Back in your basket`, message: item.title, autoClose: 3000 });
  } catch (error) {
    const title = item.title;
    notifications.show({ color: 'red', title: t`Could not put ${title} back`, message: describeLineFailure(error) });
  } finally {
    await invalidateBasket(queryClient);
  }
}

/**
 * Quantity changes and removal of one basket line: shown at once (optimistic), saved after a short
 * pause, put back with the server's reason on the line when refused.
 */
export function useBasketLine(item: TBasketItem) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = basketQueryKey(user?.id ?? null);
  /** The last quantity the server accepted: where a refused change rolls back to. */
  const confirmedRef = useRef(item.quantity);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingRef = useRef<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);

  // A refetch that brings another quantity (changed in another tab) becomes the new rollback point.
  useEffect(() => {
    if (timerRef.current === null && pendingRef.current === null) confirmedRef.current = item.quantity;
  }, [item.quantity]);

  const updateBasket = useCallback(
    (change: (basket: TBasketResponse) => TBasketResponse) => {
      queryClient.setQueryData<TBasketResponse>(key, (basket) => (basket ? change(basket) : basket));
    },
    [queryClient, key],
  );

  const save = useCallback(
    async (quantity: number) => {
      pendingRef.current = null;
      try {
        await patchBasketItem(item.id, quantity);
        confirmedRef.current = quantity;
      } catch (failure) {
        updateBasket((basket) => setLineQuantity(basket, item.id, confirmedRef.current));
        setError(describeLineFailure(failure));
      } finally {
        // A newer change is already waiting: refetching now would flash the older quantity.
        if (timerRef.current === null) await invalidateBasket(queryClient);
      }
    },
    [item.id, queryClient, updateBasket],
  );

  const changeQuantity = useCallback(
    (quantity: number, options: { immediate?: boolean } = {}) => {
      void queryClient.cancelQueries({ queryKey: key });
      updateBasket((basket) => setLineQuantity(basket, item.id, quantity));
      setError(null);
      if (timerRef.current !== null) clearTimeout(timerRef.current);
      timerRef.current = null;
      pendingRef.current = quantity;
      if (options.immediate) {
        void save(quantity);
        return;
      }
      timerRef.current = setTimeout(() => {
        timerRef.current = null;
        void save(quantity);
      }, SAVE_DELAY_MS);
    },
    [queryClient, key, item.id, save, updateBasket],
  );

  // Leaving the page mid-pause still saves the last quantity.
  useEffect(
    () => () => {
      if (timerRef.current !== null && pendingRef.current !== null) {
        clearTimeout(timerRef.current);
        void patchBasketItem(item.id, pendingRef.current)
          .catch(() => undefined)
          .finally(() => void invalidateBasket(queryClient));
      }
    },
    [item.id, queryClient],
  );

  const remove = useCallback(async () => {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = null;
    const snapshot = queryClient.getQueryData<TBasketResponse>(key);
    const quantity = confirmedRef.current;
    setIsRemoving(true);
    setError(null);
    await queryClient.cancelQueries({ queryKey: key });
    updateBasket((basket) => removeLine(basket, item.id));
    shiftBasketCount(queryClient, -1);
    try {
      await deleteBasketItem(item.id);
      const toastId = `basket-removed-${item.id}`;
      notifications.show({
        id: toastId,
        color: 'green',
        title: t`Removed from basket`,
        message: (
          <UndoRemoveMessage
            title={item.title}
            onUndo={() => {
              notifications.hide(toastId);
              void undoRemove(queryClient, item, quantity);
            }}
          />
        ),
        autoClose: 6000,
      });
    } catch (failure) {
      if (snapshot) queryClient.setQueryData(key, snapshot);
      shiftBasketCount(queryClient, 1);
      setError(describeLineFailure(failure));
      setIsRemoving(false);
    } finally {
      await invalidateBasket(queryClient);
    }
  }, [queryClient, key, item, updateBasket]);

  return { error, isRemoving, changeQuantity, remove };
}
