import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconAlertCircle, IconCheck, IconPackage, IconPackageExport, IconReceiptRefund, IconScale, IconScaleOutline, IconTruckDelivery } from '@tabler/icons-react';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { TOrderAction, TOrderDetails } from '@pulse/contract/orders';
import { WEIGHED_UNITS } from '@pulse/contract/products';
import { reactToOutagesOnly } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { parseWeighedQuantity, previewFinalWeight } from '../../../lib/final-weight';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useRecordFinalWeights } from '../api/post-final-weights';
import { useOrderAction } from '../api/post-order-action';

type FarmDialog = 'hand_over' | 'mark_delivered' | 'approve_refund' | 'contest_refund' | 'weight';

/** The toast title once a step succeeded; render with i18n._(). */
const DONE: Partial<Record<TOrderAction, MessageDescriptor>> = {
  accept: msg`Order accepted`,
  mark_ready: msg`Marked ready`,
  hand_over: msg`Handed over`,
  mark_delivered: msg`Marked delivered`,
  approve_refund: msg`Refund approved`,
  contest_refund: msg`Refund contested`,
};

function doneTitle(step: TOrderAction, i18n: I18n): string {
  const done = DONE[step];
  return done ? i18n._(done) : i18n._(msg`Done`);
}

/** What went wrong, in the reader's language (the server's message comes in it too); null for outages, which the API client reports. */
function failureText(error: unknown, i18n: I18n): string | null {
  if (!isApiError(error)) return i18n._(msg`Something went wrong. Please try again.`);
  if (error.status === null || error.status >= 500) return null;
  const reason = error.message;
  return error.status === 409 ? i18n._(msg`The order changed: ${reason}`) : reason;
}

function StepDialog({ order, step, onClose }: { order: TOrderDetails; step: Exclude<FarmDialog, 'weight'>; onClose: () => void }) {
  const needsCode = step === 'mark_delivered' || (step === 'hand_over' && order.fulfilment === 'pickup');
  const needsReason = step === 'contest_refund';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useOrderAction(order.id, reactToOutagesOnly);
  const { isPending, runOnce } = useSingleSubmit();
  const { t, i18n } = useLingui();
  const remaining = order.totalMinor - order.refundedMinor;
  const buyer = order.buyerUsername;
  const refund = formatMoney(remaining, order.currency);
  const text: Record<typeof step, string> = {
    hand_over: order.fulfilment === 'pickup' ? t`${buyer} collects at the farm: ask for the code on their order page.` : t`Give the order to the delivery driver.`,
    mark_delivered: t`Ask ${buyer} for the code on their order page.`,
    approve_refund: t`${refund} goes back to ${buyer}’s wallet now.`,
    contest_refund: t`Pulse Market support reads both sides and decides. The money stays in escrow until then.`,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const trimmed = value.trim();
      if (needsCode && trimmed === '') return setError(t`Enter the code the buyer shows you`);
      if (needsReason && trimmed === '') return setError(t`Explain why you contest this refund`);
      setError(null);
      try {
        await action.mutateAsync({ action: step, ...(needsCode ? { confirmationCode: trimmed } : {}), ...(needsReason ? { reason: trimmed } : {}) });
        notifications.show({ color: 'green', title: doneTitle(step, i18n), message: t`The buyer was told.` });
        onClose();
      } catch (failure) {
        setError(failureText(failure, i18n));
      }
    });
  };

  const buttonLabel = {
    hand_over: t`Hand over`,
    mark_delivered: t`Mark delivered`,
    approve_refund: t`Refund ${refund}`,
    contest_refund: t`Contest refund`,
  }[step];
  return (
    <Modal opened onClose={onClose} title={buttonLabel} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={buttonLabel}>
        <Stack gap="md">
          <Text size="sm">{text[step]}</Text>
          {needsCode && (
            <TextInput label={t`Buyer's confirmation code`} value={value} onChange={(event) => setValue(event.currentTarget.value)} maxLength={20} autoComplete="off" error={error} data-autofocus />
          )}
          {needsReason && (
            <Textarea label={t`Why do you contest it?`} value={value} onChange={(event) => setValue(event.currentTarget.value)} autosize minRows={3} maxLength={1000} required error={error} data-autofocus />
          )}
          {!needsCode && !needsReason && error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              <Trans>Back</Trans>
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
  const { t, i18n } = useLingui();
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
      if (filled.length === 0) return setError(t`Enter the weighed quantity of at least one item`);
      if (invalid) {
        const { title, unit } = invalid.item;
        const most = formatNumber(invalid.item.quantity, 3);
        return setError(t`${title}: at most ${most} ${unit}, with up to 3 decimals`);
      }
      setError(null);
      try {
        await record.mutateAsync({ items: filled.map((entry) => ({ itemId: entry.item.id, finalQuantity: entry.quantity ?? 0 })) });
        const returned = formatMoney(returnedMinor, order.currency);
        notifications.show({ color: 'green', title: t`Final weight recorded`, message: t`${returned} went back to the buyer’s wallet.` });
        onClose();
      } catch (failure) {
        setError(failureText(failure, i18n));
      }
    });
  };

  return (
    <Modal opened onClose={onClose} title={t`Record final weight`} centered radius="lg">
      <form onSubmit={submit} noValidate aria-label={t`Record final weight`}>
        <Stack gap="md">
          {items.map(({ id, title, unit, quantity }) => {
            const ordered = formatNumber(quantity, 3);
            return (
              <TextInput
                key={id}
                label={t`${title}: weighed quantity (${unit})`}
                description={t`Ordered ${ordered} ${unit}`}
                value={values[id] ?? ''}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setValues((current) => ({ ...current, [id]: next }));
                }}
                inputMode="decimal"
              />
            );
          })}
          <Group justify="space-between">
            <Text size="sm">
              <Trans>New order total</Trans>
            </Text>
            <Text size="sm" fw={700}>
              {formatMoney(order.totalMinor - order.refundedMinor - returnedMinor, order.currency)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">
              <Trans>Back to the buyer</Trans>
            </Text>
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
              <Trans>Back</Trans>
            </Button>
            <Button type="submit" loading={isPending}>
              <Trans>Save weight</Trans>
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
  const { t, i18n } = useLingui();
  const { isPending, runOnce } = useSingleSubmit();
  const allowed = order.allowedActions;
  const canWeigh =
    (order.status === 'accepted' || order.status === 'ready') && order.items.some((item) => WEIGHED_UNITS.includes(item.unit) && item.finalQuantity === null);
  const runQuick = (step: 'accept' | 'mark_ready') =>
    void runOnce(async () => {
      try {
        await quick.mutateAsync({ action: step });
        notifications.show({ color: 'green', title: doneTitle(step, i18n), message: t`The buyer was told.` });
      } catch (failure) {
        const message = failureText(failure, i18n);
        if (message) notifications.show({ color: 'red', title: t`Could not update the order`, message });
      }
    });

  if (!canWeigh && !allowed.some((action) => action in DONE)) return null;
  return (
    <>
      <Group gap="sm" wrap="wrap" data-testid="farm-actions">
        {allowed.includes('accept') && (
          <Button leftSection={<IconCheck size={18} aria-hidden />} loading={isPending} onClick={() => runQuick('accept')}>
            <Trans>Accept</Trans>
          </Button>
        )}
        {allowed.includes('mark_ready') && (
          <Button leftSection={<IconPackage size={18} aria-hidden />} loading={isPending} onClick={() => runQuick('mark_ready')}>
            <Trans>Mark ready</Trans>
          </Button>
        )}
        {canWeigh && (
          <Button variant="light" leftSection={<IconScale size={18} aria-hidden />} onClick={() => setDialog('weight')}>
            <Trans>Record final weight</Trans>
          </Button>
        )}
        {allowed.includes('hand_over') && (
          <Button leftSection={<IconPackageExport size={18} aria-hidden />} onClick={() => setDialog('hand_over')}>
            <Trans>Hand over</Trans>
          </Button>
        )}
        {allowed.includes('mark_delivered') && (
          <Button leftSection={<IconTruckDelivery size={18} aria-hidden />} onClick={() => setDialog('mark_delivered')}>
            <Trans>Mark delivered</Trans>
          </Button>
        )}
        {allowed.includes('approve_refund') && (
          <Button color="orange" leftSection={<IconReceiptRefund size={18} aria-hidden />} onClick={() => setDialog('approve_refund')}>
            <Trans>Approve refund</Trans>
          </Button>
        )}
        {allowed.includes('contest_refund') && (
          <Button variant="light" color="grape" leftSection={<IconScaleOutline size={18} aria-hidden />} onClick={() => setDialog('contest_refund')}>
            <Trans>Contest</Trans>
          </Button>
        )}
      </Group>
      {dialog === 'weight' && <WeightDialog order={order} onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'weight' && <StepDialog key={dialog} order={order} step={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
