import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconPackage, IconPackageExport, IconReceiptRefund, IconScale, IconScaleOutline, IconTruckDelivery } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import type { TOrderAction, TOrderDetails } from '@pulse/contract/orders';
import { WEIGHED_UNITS } from '@pulse/contract/products';
import { reactToOutagesOnly } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { parseWeighedQuantity, previewFinalWeight } from '../../../lib/final-weight';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useRecordFinalWeights } from '../api/post-final-weights';
import { useOrderAction } from '../api/post-order-action';

type FarmDialog = 'hand_over' | 'mark_delivered' | 'approve_refund' | 'contest_refund' | 'weight';

const DONE: Partial<Record<TOrderAction, string>> = {
  accept: 'Order accepted',
  mark_ready: 'Marked ready',
  hand_over: 'Handed over',
  mark_delivered: 'Marked delivered',
  approve_refund: 'Refund approved',
  contest_refund: 'Refund contested',
};

function failureText(error: unknown): string | null {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  if (error.status === null || error.status >= 500) return null;
  return error.status === 409 ? `The order changed: ${error.message}` : error.message;
}

function StepDialog({ order, step, onClose }: { order: TOrderDetails; step: Exclude<FarmDialog, 'weight'>; onClose: () => void }) {
  const needsCode = step === 'mark_delivered' || (step === 'hand_over' && order.fulfilment === 'pickup');
  const needsReason = step === 'contest_refund';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useOrderAction(order.id, reactToOutagesOnly);
  const { isPending, runOnce } = useSingleSubmit();
  const remaining = order.totalMinor - order.refundedMinor;
  const text: Record<typeof step, string> = {
    hand_over: order.fulfilment === 'pickup' ? `${order.buyerUsername} collects at the farm: ask for the code on their order page.` : 'Give the order to the delivery driver.',
    mark_delivered: `Ask ${order.buyerUsername} for the code on their order page.`,
    approve_refund: `${formatMoney(remaining, order.currency)} goes back to ${order.buyerUsername}’s wallet now.`,
    contest_refund: 'Pulse Market support reads both sides and decides. The money stays in escrow until then.',
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const trimmed = value.trim();
      if (needsCode && trimmed === '') return setError('Enter the code the buyer shows you');
      if (needsReason && trimmed === '') return setError('Explain why you contest this refund');
      setError(null);
      try {
        await action.mutateAsync({ action: step, ...(needsCode ? { confirmationCode: trimmed } : {}), ...(needsReason ? { reason: trimmed } : {}) });
        notifications.show({ color: 'green', title: DONE[step] ?? 'Done', message: 'The buyer was told.' });
        onClose();
      } catch (failure) {
        setError(failureText(failure));
      }
    });
  };

  const buttonLabel = {
    hand_over: 'Hand over',
    mark_delivered: 'Mark delivered',
    approve_refund: `Refund ${formatMoney(remaining, order.currency)}`,
    contest_refund: 'Contest refund',
  }[step];
  return (
    <Modal opened onClose={onClose} title={buttonLabel} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={buttonLabel}>
        <Stack gap="md">
          <Text size="sm">{text[step]}</Text>
          {needsCode && (
            <TextInput label="Buyer's confirmation code" value={value} onChange={(event) => setValue(event.currentTarget.value)} maxLength={20} autoComplete="off" error={error} data-autofocus />
          )}
          {needsReason && (
            <Textarea label="Why do you contest it?" value={value} onChange={(event) => setValue(event.currentTarget.value)} autosize minRows={3} maxLength={1000} required error={error} data-autofocus />
          )}
          {!needsCode && !needsReason && error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={isPending}>
              {buttonLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function WeightDialog({ order, onClose }: { order: TOrderDetails; onClose: () => void }) {
  const items = order.items.filter((item) => WEIGHED_UNITS.includes(item.unit) && item.finalQuantity === null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const record = useRecordFinalWeights(order.id);
  const { isPending, runOnce } = useSingleSubmit();
  const entries = items.map((item) => {
    const text = values[item.id] ?? '';
    const quantity = text.trim() === '' ? null : parseWeighedQuantity(text);
    return { item, text, quantity, returned: previewFinalWeight(item, quantity)?.returnedMinor ?? null };
  });
  const returnedMinor = entries.reduce((sum, entry) => sum + (entry.returned ?? 0), 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const filled = entries.filter((entry) => entry.text.trim() !== '');
      const invalid = filled.find((entry) => entry.returned === null);
      if (filled.length === 0) return setError('Enter the weighed quantity of at least one item');
      if (invalid) return setError(`${invalid.item.title}: at most ${invalid.item.quantity} ${invalid.item.unit}, with up to 3 decimals`);
      setError(null);
      try {
        await record.mutateAsync({ items: filled.map((entry) => ({ itemId: entry.item.id, finalQuantity: entry.quantity ?? 0 })) });
        notifications.show({ color: 'green', title: 'Final weight recorded', message: `${formatMoney(returnedMinor, order.currency)} went back to the buyer’s wallet.` });
        onClose();
      } catch (failure) {
        setError(failureText(failure));
      }
    });
  };

  return (
    <Modal opened onClose={onClose} title="Record final weight" centered radius="lg">
      <form onSubmit={submit} noValidate aria-label="Record final weight">
        <Stack gap="md">
          {items.map((item) => (
            <TextInput
              key={item.id}
              label={`${item.title}: weighed quantity (${item.unit})`}
              description={`Ordered ${item.quantity} ${item.unit}`}
              value={values[item.id] ?? ''}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((current) => ({ ...current, [item.id]: next }));
              }}
              inputMode="decimal"
            />
          ))}
          <Group justify="space-between">
            <Text size="sm">New order total</Text>
            <Text size="sm" fw={700}>
              {formatMoney(order.totalMinor - order.refundedMinor - returnedMinor, order.currency)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Back to the buyer</Text>
            <Text size="sm" fw={700}>
              {formatMoney(returnedMinor, order.currency)}
            </Text>
          </Group>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Back
            </Button>
            <Button type="submit" loading={isPending}>
              Save weight
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The farm's buttons on its own order, from what the server allows now (allowedActions). */
export function FarmOrderActions({ order }: { order: TOrderDetails }) {
  const [dialog, setDialog] = useState<FarmDialog | null>(null);
  const quick = useOrderAction(order.id, reactToOutagesOnly);
  const { isPending, runOnce } = useSingleSubmit();
  const allowed = order.allowedActions;
  const canWeigh =
    (order.status === 'accepted' || order.status === 'ready') && order.items.some((item) => WEIGHED_UNITS.includes(item.unit) && item.finalQuantity === null);
  const runQuick = (step: 'accept' | 'mark_ready') =>
    void runOnce(async () => {
      try {
        await quick.mutateAsync({ action: step });
        notifications.show({ color: 'green', title: DONE[step] ?? 'Done', message: 'The buyer was told.' });
      } catch (failure) {
        const message = failureText(failure);
        if (message) notifications.show({ color: 'red', title: 'Could not update the order', message });
      }
    });

  if (!canWeigh && !allowed.some((action) => action in DONE)) return null;
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="farm-actions">
        {allowed.includes('accept') && (
          <Button leftSection={<IconCheck size={18} aria-hidden />} loading={isPending} onClick={() => runQuick('accept')}>
            Accept
          </Button>
        )}
        {allowed.includes('mark_ready') && (
          <Button leftSection={<IconPackage size={18} aria-hidden />} loading={isPending} onClick={() => runQuick('mark_ready')}>
            Mark ready
          </Button>
        )}
        {canWeigh && (
          <Button variant="light" leftSection={<IconScale size={18} aria-hidden />} onClick={() => setDialog('weight')}>
            Record final weight
          </Button>
        )}
        {allowed.includes('hand_over') && (
          <Button leftSection={<IconPackageExport size={18} aria-hidden />} onClick={() => setDialog('hand_over')}>
            Hand over
          </Button>
        )}
        {allowed.includes('mark_delivered') && (
          <Button leftSection={<IconTruckDelivery size={18} aria-hidden />} onClick={() => setDialog('mark_delivered')}>
            Mark delivered
          </Button>
        )}
        {allowed.includes('approve_refund') && (
          <Button color="orange" leftSection={<IconReceiptRefund size={18} aria-hidden />} onClick={() => setDialog('approve_refund')}>
            Approve refund
          </Button>
        )}
        {allowed.includes('contest_refund') && (
          <Button variant="light" color="grape" leftSection={<IconScaleOutline size={18} aria-hidden />} onClick={() => setDialog('contest_refund')}>
            Contest
          </Button>
        )}
      </Group>
      {dialog === 'weight' && <WeightDialog order={order} onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'weight' && <StepDialog key={dialog} order={order} step={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
