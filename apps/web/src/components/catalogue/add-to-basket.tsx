import { useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBasketPlus, IconMinus, IconPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { TProductSummary } from '@pulse/contract/products';
import { isApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth/use-auth';
import { SESSION_KEYS, writeSessionValue } from '../../lib/session-keys';
import { useAddToBasket } from '../../lib/catalogue/post-basket-item';
import { savePendingBasketAdd, takePendingBasketAdd } from '../../lib/catalogue/pending-basket-add';
import { clampQuantity } from '../../lib/catalogue/quantity';
import { quantityLabelText, quantityText } from '../../lib/unit-text';

const SUCCESS_TOAST_MS = 4000;

function describeRefusal(error: unknown): string {
  if (isApiError(error)) {
    if (error.fields.quantity) return error.fields.quantity;
    if (error.status !== null && error.status < 500) return error.message;
  }
  return t`Could not add it to your basket. Please try again.`;
}

/**
 * Quantity picker (minimum order to available stock) and "Add to basket". A visitor is sent to
 * /login, which says why, and comes back here, where the product is added with the quantity chosen
 * before signing in (decision 038); a second tap while the first is on its way, or the second click of a
 * double click, adds nothing. `compact` (a product linked from a Pulse Hub post) leaves out the
 * picker and adds the minimum order quantity.
 */
export function AddToBasket({ product, compact = false }: { product: TProductSummary; compact?: boolean }) {
  const { t: translate } = useLingui();
  const { isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const addToBasket = useAddToBasket();
  const inFlight = useRef(false);
  const min = product.minOrderQuantity;
  const max = product.availableQuantity;
  const [quantity, setQuantity] = useState<number>(Math.min(min, Math.max(max, 1)));
  const [error, setError] = useState<string | null>(null);

  const soldOut = max === 0;
  const belowMinimum = !soldOut && max < min;
  const ownProduct = user?.id === product.sellerUserId;
  const unavailable = soldOut || belowMinimum;
  const minimum = quantityText(min, product.unit);

  const change = (next: number) => {
    setError(null);
    setQuantity(clampQuantity(next, min, max));
  };

  const addQuantity = (added: number) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    addToBasket.mutate(
      { productId: product.id, quantity: added },
      {
        onSuccess: () => {
          const quantity = quantityText(added, product.unit);
          const title = product.title;
          notifications.show({
            title: t`Added to basket`,
            message: t`${quantity} of ${title}`,
            color: 'green',
            autoClose: SUCCESS_TOAST_MS,
            withCloseButton: true,
          });
        },
        onError: (cause) => setError(describeRefusal(cause)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const add = () => {
    if (!isAuthenticated) {
      // The spec's destination brings the visitor back; the pending add says what to do here then.
      savePendingBasketAdd({ productId: product.id, title: product.title, quantity });
      writeSessionValue(SESSION_KEYS.redirectDestination, `${location.pathname}${location.search}`);
      void navigate('/login');
      return;
    }
    addQuantity(quantity);
  };

  // Back from signing in: the add the visitor asked for, once. Not for the farm's own product (the
  // seller signed in) nor one that can no longer be ordered: the page says why instead.
  const signedInUserId = user?.id;
  useEffect(() => {
    if (!isAuthenticated || signedInUserId === undefined) return;
    const pending = takePendingBasketAdd(product.id);
    if (!pending || signedInUserId === product.sellerUserId || unavailable) return;
    const wanted = clampQuantity(pending.quantity, min, max);
    setQuantity(wanted);
    addQuantity(wanted);
    // Runs when the session is known; addQuantity is a fresh closure each render on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isAuthenticated, signedInUserId, product.id]);

  if (ownProduct) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This is one of your products.</Trans>
      </Text>
    );
  }

  return (
    <Stack gap="xs">
      {!unavailable && !compact && (
        <Text component="label" htmlFor={`quantity-${product.id}`} size="sm" fw={600}>
          {quantityLabelText(product.unit)}
        </Text>
      )}
      {!unavailable && !compact && (
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size={42} radius="md" aria-label={translate`Less`} onClick={() => change(quantity - 1)} disabled={quantity <= min}>
            <IconMinus size={18} />
          </ActionIcon>
          <NumberInput
            id={`quantity-${product.id}`}
            value={quantity}
            onChange={(value) => {
              if (typeof value === 'number') change(value);
            }}
            onBlur={() => change(quantity)}
            min={min}
            max={max}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            hideControls
            w={110}
            styles={{ input: { textAlign: 'center', height: 42 } }}
          />
          <ActionIcon variant="default" size={42} radius="md" aria-label={translate`More`} onClick={() => change(quantity + 1)} disabled={quantity >= max}>
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      )}
      {min > 1 && !soldOut && !compact && (
        <Text size="xs" c="dimmed">
          <Trans>Minimum order {minimum}</Trans>
        </Text>
      )}
      <Button
        size={compact ? 'xs' : 'md'}
        variant={compact ? 'light' : 'filled'}
        data-keep-clear={compact ? undefined : true}
        leftSection={<IconBasketPlus size={compact ? 16 : 20} aria-hidden />}
        onClick={(event) => {
          // The second click of a double click (detail 2) may arrive after the first add has
          // already finished on a fast server; it is still the same intent, so it adds nothing.
          if (event.detail > 1) return;
          add();
        }}
        disabled={unavailable || addToBasket.isPending}
        loading={addToBasket.isPending}
        fullWidth
      >
        {soldOut ? <Trans>Sold out</Trans> : belowMinimum ? <Trans>Not enough left to order</Trans> : <Trans>Add to basket</Trans>}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
