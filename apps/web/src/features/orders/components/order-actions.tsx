import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconCreditCard, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import type { TOrderAction, TOrderDetails } from '@pulse/contract/orders';
import { reactToOutagesOnly } from '../../../lib/api-client';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useOrderAction } from '../api/post-order-action';

type DialogAction = 'cancel' | 'confirm_receipt' | 'request_refund';

const BUYER_ACTIONS: readonly TOrderAction[] = ['pay', 'cancel', 'confirm_receipt', 'request_refund'];

const DIALOGS: Readonly<
  Record<DialogAction, { title: string; text: string; confirm: string; reasonLabel?: string; reasonRequired?: boolean; placeholder?: string; color?: string }>
> = {
  cancel: {
    title: 'Cancel this order?',
    text: 'The farm will not prepare it, and what you paid goes back to your wallet.',
    confirm: 'Cancel order',
    reasonLabel: 'Reason (optional)',
    placeholder: 'e.g. I ordered the wrong quantity',
    color: 'red',
  },
  confirm_receipt: {
    title: 'Confirm you received this order?',
    text: 'The farm is paid once you confirm. Request a refund instead if something is wrong.',
    confirm: 'Yes, I received it',
  },
  request_refund: {
    title: 'Request a refund',
    text: 'Tell the farm what went wrong. They can accept or refuse; support reviews refusals.',
    confirm: 'Request refund',
    reasonLabel: 'What went wrong?',
    reasonRequired: true,
    placeholder: 'e.g. Half of the tomatoes were bruised',
    color: 'orange',
  },
};

function ActionDialog({ orderId, action, onClose }: { orderId: string; action: DialogAction; onClose: () => void }) {
  const dialog = DIALOGS[action];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useOrderAction(orderId, reactToOutagesOnly);

  const submit = () => {
    const trimmed = reason.trim();
    if (dialog.reasonRequired && trimmed === '') {
      setError('Describe what went wrong to request a refund');
      return;
    }
    setError(null);
    mutation.mutate(
      { action, ...(trimmed ? { reason: trimmed } : {}) },
      {
        onSuccess: onClose,
        onError: (failure) => {
          const errors = getServerFormErrors(failure, ['reason']);
          setError(errors.fields.reason ?? errors.form);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={dialog.title} centered radius="lg">
      <Stack gap="md">
        <Text size="sm">{dialog.text}</Text>
        {dialog.reasonLabel ? (
          <Textarea
            label={dialog.reasonLabel}
            placeholder={dialog.placeholder}
            required={dialog.reasonRequired}
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
        ) : (
          error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {action === 'cancel' ? 'Keep order' : 'Back'}
          </Button>
          <Button color={dialog.color} onClick={submit} loading={mutation.isPending}>
            {dialog.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The buyer's buttons for what the server says they may do now (allowedActions). */
export function OrderActions({ order }: { order: TOrderDetails }) {
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const pay = useOrderAction(order.id);
  const allowed = order.allowedActions.filter((action) => BUYER_ACTIONS.includes(action));
  if (allowed.length === 0) return null;

  return (
    <>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        {allowed.includes('pay') && (
          <Button leftSection={<IconCreditCard size={18} aria-hidden />} onClick={() => pay.mutate({ action: 'pay' })} loading={pay.isPending}>
            Pay now · {formatMoney(order.totalMinor, order.currency)}
          </Button>
        )}
        {allowed.includes('confirm_receipt') && (
          <Button leftSection={<IconCircleCheck size={18} aria-hidden />} onClick={() => setDialog('confirm_receipt')}>
            Confirm receipt
          </Button>
        )}
        {allowed.includes('request_refund') && (
          <Button variant="light" color="orange" leftSection={<IconReceiptRefund size={18} aria-hidden />} onClick={() => setDialog('request_refund')}>
            Request refund
          </Button>
        )}
        {allowed.includes('cancel') && (
          <Button variant="light" color="red" leftSection={<IconX size={18} aria-hidden />} onClick={() => setDialog('cancel')}>
            Cancel order
          </Button>
        )}
      </Group>
      {dialog && <ActionDialog key={dialog} orderId={order.id} action={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
