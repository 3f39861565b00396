import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPackageExport } from '@tabler/icons-react';
import type { TOrderSummary } from '@pulse/contract/orders';
import { useSellerOrderAction } from '../api/post-seller-order-action';
import { ACTION_DONE, describeActionFailure } from '../utils/action-feedback';
import { formatOrderReference } from '../utils/order-reference';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Hand-over: a pickup changes hands at the farm, so the buyer's confirmation code proves the right
 * person collected it; a delivery goes out with the driver (the code is asked on arrival).
 */
export function HandOverDialog({ order, onClose }: { order: TOrderSummary; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const isPickup = order.fulfilment === 'pickup';
  const buyer = order.buyerUsername;
  const reference = formatOrderReference(order.id);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useSellerOrderAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (isPickup && trimmed === '') {
      setError(t`Enter the code the buyer shows you`);
      return;
    }
    setError(null);
    void action
      .run({ orderId: order.id, input: { action: 'hand_over', ...(isPickup ? { confirmationCode: trimmed } : {}) } })
      .then((updated) => {
        if (!updated) return;
        notifications.show({ color: 'green', title: isPickup ? t`Collected` : t`On its way`, message: ACTION_DONE.hand_over ? i18n._(ACTION_DONE.hand_over) : '' });
        onClose();
      })
      .catch((failure: unknown) => setError(describeActionFailure(failure)));
  };

  return (
    <Modal opened onClose={onClose} title={t`Hand over · ${reference}`} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={t`Hand over`}>
        <Stack gap="md">
          <Text size="sm">
            {isPickup ? (
              <Trans>{buyer} collects this order at the farm. Ask for the confirmation code on their order page.</Trans>
            ) : (
              <Trans>Give the order to the delivery driver. {buyer} confirms with their code on arrival.</Trans>
            )}
          </Text>
          {isPickup && (
            <TextInput
              label={t`Buyer's confirmation code`}
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
              <Trans>Back</Trans>
            </Button>
            <Button type="submit" loading={action.isPending} leftSection={<IconPackageExport size={18} aria-hidden />} onClick={(event) => event.detail > 1 && event.preventDefault()}>
              <Trans>Hand over</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
