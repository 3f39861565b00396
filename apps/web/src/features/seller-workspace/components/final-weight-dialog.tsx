import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconScale } from '@tabler/icons-react';
import { formatMoney, formatNumber } from '../../../lib/format';
import { ZFinalWeightsInput, type TOrderDetails, type TOrderItem } from '@pulse/contract/orders';
import { WEIGHED_UNITS } from '@pulse/contract/products';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { parseWeighedQuantity, previewFinalWeight } from '../../../lib/final-weight';
import { useOrderDetails } from '../api/get-order-details';
import { useRecordFinalWeights } from '../api/post-final-weights';
import { describeActionFailure } from '../utils/action-feedback';
import { formatOrderReference } from '../utils/order-reference';
import { Trans, useLingui } from '@lingui/react/macro';

function weighableItems(order: TOrderDetails): TOrderItem[] {
  return order.items.filter((item) => WEIGHED_UNITS.includes(item.unit) && item.finalQuantity === null);
}

function WeightForm({ order, onClose }: { order: TOrderDetails; onClose: () => void }) {
  const { t } = useLingui();
  const items = weighableItems(order);
  const [values, setValues] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { record, isPending } = useRecordFinalWeights(order.id);

  const previews = items.map((item) => {
    const text = values[item.id] ?? '';
    const quantity = text.trim() === '' ? null : parseWeighedQuantity(text);
    return { item, text, quantity, preview: previewFinalWeight(item, quantity) };
  });
  const returnedMinor = previews.reduce((sum, entry) => sum + (entry.preview?.returnedMinor ?? 0), 0);
  const newTotalMinor = order.totalMinor - order.refundedMinor - returnedMinor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const entries: Array<{ itemId: string; finalQuantity: number }> = [];
    for (const { item, text, quantity } of previews) {
      if (text.trim() === '') continue;
      if (quantity === null) errors[item.id] = t`Enter a number with at most 3 decimals`;
      else if (quantity > item.quantity) {
        const ordered = formatNumber(item.quantity);
        const unit = item.unit;
        errors[item.id] = t`At most ${ordered} ${unit} (the ordered quantity)`;
      }
      else entries.push({ itemId: item.id, finalQuantity: quantity });
    }
    if (entries.length === 0 && Object.keys(errors).length === 0) {
      setFormError(t`Enter the weighed quantity of at least one item`);
      return;
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const parsed = ZFinalWeightsInput.safeParse({ items: entries });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? t`Check the quantities`);
      return;
    }
    setFormError(null);
    void record(parsed.data)
      .then((updated) => {
        if (!updated) return;
        const returnedText = formatMoney(returnedMinor, order.currency);
        notifications.show({
          color: 'green',
          title: t`Final weight recorded`,
          message: returnedMinor > 0 ? t`${returnedText} went back to the buyer’s wallet.` : t`The order total is unchanged.`,
        });
        onClose();
      })
      .catch((error: unknown) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) {
          const byItem: Record<string, string> = {};
          for (const [field, message] of Object.entries(error.fields)) {
            const index = Number(field.split('.')[1]);
            const entry = entries[index];
            if (entry) byItem[entry.itemId] = message;
          }
          setFieldErrors(byItem);
        }
        setFormError(describeActionFailure(error));
      });
  };

  if (items.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm">
          <Trans>Nothing left to weigh in this order: only produce sold by the kg or g is weighed, and each item once.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Record final weight`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>Weigh what you pack. If it is less than ordered, the buyer pays for the weighed quantity and the difference goes back to their wallet at once.</Trans>
        </Text>
        {previews.map(({ item, text, preview }) => {
          const { title, unit } = item;
          const quantity = formatNumber(item.quantity);
          const unitPrice = formatMoney(item.unitPriceMinor, order.currency);
          const lineBefore = formatMoney(item.lineTotalMinor, order.currency);
          const lineAfter = preview ? formatMoney(preview.newLineTotalMinor, order.currency) : '';
          return (
          <Stack key={item.id} gap={4}>
            <TextInput
              label={t`${title}: weighed quantity (${unit})`}
              description={t`Ordered ${quantity} ${unit} at ${unitPrice} per ${unit}`}
              value={text}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setValues((current) => ({ ...current, [item.id]: next }));
                setFieldErrors((current) => ({ ...current, [item.id]: '' }));
              }}
              inputMode="decimal"
              placeholder={String(item.quantity)}
              rightSection={<Text size="sm" c="dimmed">{item.unit}</Text>}
              error={fieldErrors[item.id] || undefined}
              data-autofocus
            />
            {preview && (
              <Text size="xs" c="dimmed" data-testid="weight-line-preview">
                <Trans>
                  Line {lineBefore} → {lineAfter}
                </Trans>
              </Text>
            )}
          </Stack>
          );
        })}
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">
              <Trans>New order total</Trans>
            </Text>
            <Text size="sm" fw={700} data-testid="weight-new-total">
              {formatMoney(newTotalMinor, order.currency)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">
              <Trans>Back to the buyer</Trans>
            </Text>
            <Text size="sm" fw={700} c={returnedMinor > 0 ? 'green.8' : undefined} data-testid="weight-returned">
              {formatMoney(returnedMinor, order.currency)}
            </Text>
          </Group>
        </Stack>
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button type="submit" loading={isPending} leftSection={<IconScale size={18} aria-hidden />} onClick={(event) => event.detail > 1 && event.preventDefault()}>
            <Trans>Save weight</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Records the weighed quantity of each item sold by weight, showing the new total before saving. */
export function FinalWeightDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useLingui();
  const reference = formatOrderReference(orderId);
  const order = useOrderDetails(orderId);
  return (
    <Modal opened onClose={onClose} title={t`Record final weight · ${reference}`} centered radius="lg">
      {order.isPending && (
        <Stack gap="sm" role="status" aria-label={t`Loading order`}>
          <Skeleton height={56} />
          <Skeleton height={40} />
        </Stack>
      )}
      {order.isError && <LoadErrorAlert title={t`Could not load this order`} onRetry={() => void order.refetch()} />}
      {order.data && <WeightForm order={order.data} onClose={onClose} />}
    </Modal>
  );
}
