import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCircleCheck, IconCreditCard, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import type { TOrderAction, TOrderDetails } from '@pulse/contract/orders';
import { reactToOutagesOnly } from '../../../lib/api-client';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useOrderAction } from '../api/post-order-action';

type DialogAction = 'cancel' | 'confirm_receipt' | 'request_refund';

const BUYER_ACTIONS: readonly TOrderAction[] = ['pay', 'cancel', 'confirm_receipt', 'request_refund'];

const DIALOGS: Readonly<
  Record<
    DialogAction,
    {
      title: MessageDescriptor;
      text: MessageDescriptor;
      confirm: MessageDescriptor;
      reasonLabel?: MessageDescriptor;
      reasonRequired?: boolean;
      placeholder?: MessageDescriptor;
      color?: string;
    }
  >
> = {
  cancel: {
    title: msg`Cancel this order?`,
    text: msg`The farm will not prepare it, and what you paid goes back to your wallet.`,
    confirm: msg`Cancel order`,
    reasonLabel: msg`Reason (optional)`,
    placeholder: msg`e.g. I ordered the wrong quantity`,
    color: 'red',
  },
  confirm_receipt: {
    title: msg`Confirm you received this order?`,
    text: msg`The farm is paid once you confirm. Request a refund instead if something is wrong.`,
    confirm: msg`Yes, I received it`,
  },
  request_refund: {
    title: msg`Request a refund`,
    text: msg`Tell the farm what went wrong. They can accept or refuse; support reviews refusals.`,
    confirm: msg`Request refund`,
    reasonLabel: msg`What went wrong?`,
    reasonRequired: true,
    placeholder: msg`e.g. Half of the tomatoes were bruised`,
    color: 'orange',
  },
};

function ActionDialog({ orderId, action, onClose }: { orderId: string; action: DialogAction; onClose: () => void }) {
  const dialog = DIALOGS[action];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useOrderAction(orderId, reactToOutagesOnly);
  const { t, i18n } = useLingui();

  const submit = () => {
    const trimmed = reason.trim();
    if (dialog.reasonRequired && trimmed === '') {
      setError(t`Describe what went wrong to request a refund`);
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
    <Modal opened onClose={onClose} title={i18n._(dialog.title)} centered radius="lg">
      <Stack gap="md">
        <Text size="sm">{i18n._(dialog.text)}</Text>
        {dialog.reasonLabel ? (
          <Textarea
            label={i18n._(dialog.reasonLabel)}
            placeholder={dialog.placeholder && i18n._(dialog.placeholder)}
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
            {action === 'cancel' ? <Trans>Keep order</Trans> : <Trans>Back</Trans>}
          </Button>
          <Button color={dialog.color} onClick={submit} loading={mutation.isPending}>
            {i18n._(dialog.confirm)}
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
  const total = formatMoney(order.totalMinor, order.currency);
  const allowed = order.allowedActions.filter((action) => BUYER_ACTIONS.includes(action));
  if (allowed.length === 0) return null;

  return (
    <>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        {allowed.includes('pay') && (
          <Button leftSection={<IconCreditCard size={18} aria-hidden />} onClick={() => pay.mutate({ action: 'pay' })} loading={pay.isPending}>
            <Trans>Pay now · {total}</Trans>
          </Button>
        )}
        {allowed.includes('confirm_receipt') && (
          <Button leftSection={<IconCircleCheck size={18} aria-hidden />} onClick={() => setDialog('confirm_receipt')}>
            <Trans>Confirm receipt</Trans>
          </Button>
        )}
        {allowed.includes('request_refund') && (
          <Button variant="light" color="orange" leftSection={<IconReceiptRefund size={18} aria-hidden />} onClick={() => setDialog('request_refund')}>
            <Trans>Request refund</Trans>
          </Button>
        )}
        {allowed.includes('cancel') && (
          <Button variant="light" color="red" leftSection={<IconX size={18} aria-hidden />} onClick={() => setDialog('cancel')}>
            <Trans>Cancel order</Trans>
          </Button>
        )}
      </Group>
      {dialog && <ActionDialog key={dialog} orderId={order.id} action={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
