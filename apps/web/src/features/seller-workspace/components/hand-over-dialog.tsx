import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPackageExport } from '@tabler/icons-react';
import type { TOrderSummary } from '@pulse/contract/orders';
import { useSellerOrderAction } from '../api/post-seller-order-action';
import { ACTION_DONE, describeActionFailure } from '../utils/action-feedback';
import { formatOrderReference } from '../utils/order-reference';

/**
 * Hand-over: a pickup changes hands at the farm, so the buyer's confirmation code proves the right
 * person collected it; a delivery goes out with the driver (the code is asked on arrival).
 */
export function HandOverDialog({ order, onClose }: { order: TOrderSummary; onClose: () => void }) {
  const isPickup = order.fulfilment === 'pickup';
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useSellerOrderAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (isPickup && trimmed === '') {
      setError('Enter the code the buyer shows you');
      return;
    }
    setError(null);
    void action
      .run({ orderId: order.id, input: { action: 'hand_over', ...(isPickup ? { confirmationCode: trimmed } : {}) } })
      .then((updated) => {
        if (!updated) return;
        notifications.show({ color: 'green', title: isPickup ? 'Collected' : 'On its way', message: ACTION_DONE.hand_over ?? '' });
        onClose();
      })
      .catch((failure: unknown) => setError(describeActionFailure(failure)));
  };

  return (
    <Modal opened onClose={onClose} title={`Hand over · ${formatOrderReference(order.id)}`} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label="Hand over">
        <Stack gap="md">
          <Text size="sm">
            {isPickup
              ? `${order.buyerUsername} collects this order at the farm. Ask for the confirmation code on their order page.`
              : `Give the order to the delivery driver. ${order.buyerUsername} confirms with their code on arrival.`}
          </Text>
          {isPickup && (
            <TextInput
              label="Buyer's confirmation code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="off"
              inputMode="numeric"
              maxLength={20}
              error={error}
              data-autofocus
            />
          )}
          {!isPickup && error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={action.isPending} leftSection={<IconPackageExport size={18} aria-hidden />} onClick={(event) => event.detail > 1 && event.preventDefault()}>
              Hand over
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
