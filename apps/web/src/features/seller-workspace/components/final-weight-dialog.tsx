import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconScale } from '@tabler/icons-react';
import { formatMoney } from '../../../lib/format';
import { ZFinalWeightsInput, type TOrderDetails, type TOrderItem } from '@pulse/contract/orders';
import { WEIGHED_UNITS } from '@pulse/contract/products';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { isApiError } from '../../../lib/api-error';
import { parseWeighedQuantity, previewFinalWeight } from '../../../lib/final-weight';
import { useOrderDetails } from '../api/get-order-details';
import { useRecordFinalWeights } from '../api/post-final-weights';
import { describeActionFailure } from '../utils/action-feedback';
import { formatOrderReference } from '../utils/order-reference';

function weighableItems(order: TOrderDetails): TOrderItem[] {
  return order.items.filter((item) => WEIGHED_UNITS.includes(item.unit) && item.finalQuantity === null);
}

function WeightForm({ order, onClose }: { order: TOrderDetails; onClose: () => void }) {
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
      if (quantity === null) errors[item.id] = 'Enter a number with at most 3 decimals';
      else if (quantity > item.quantity) errors[item.id] = `At most ${item.quantity} ${item.unit} (the ordered quantity)`;
      else entries.push({ itemId: item.id, finalQuantity: quantity });
    }
    if (entries.length === 0 && Object.keys(errors).length === 0) {
      setFormError('Enter the weighed quantity of at least one item');
      return;
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const parsed = ZFinalWeightsInput.safeParse({ items: entries });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? 'Check the quantities');
      return;
    }
    setFormError(null);
    void record(parsed.data)
      .then((updated) => {
        if (!updated) return;
        notifications.show({
          color: 'green',
          title: 'Final weight recorded',
          message: returnedMinor > 0 ? `${formatMoney(returnedMinor, order.currency)} went back to the buyer’s wallet.` : 'The order total is unchanged.',
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
          Nothing left to weigh in this order: only produce sold by the kg or g is weighed, and each item once.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Record final weight">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Weigh what you pack. If it is less than ordered, the buyer pays for the weighed quantity and the difference goes back to their wallet at once.
        </Text>
        {previews.map(({ item, text, preview }) => (
          <Stack key={item.id} gap={4}>
            <TextInput
              label={`${item.title}: weighed quantity (${item.unit})`}
              description={`Ordered ${item.quantity} ${item.unit} at ${formatMoney(item.unitPriceMinor, order.currency)} per ${item.unit}`}
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
                Line {formatMoney(item.lineTotalMinor, order.currency)} → {formatMoney(preview.newLineTotalMinor, order.currency)}
              </Text>
            )}
          </Stack>
        ))}
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">New order total</Text>
            <Text size="sm" fw={700} data-testid="weight-new-total">
              {formatMoney(newTotalMinor, order.currency)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Back to the buyer</Text>
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
            Back
          </Button>
          <Button type="submit" loading={isPending} leftSection={<IconScale size={18} aria-hidden />} onClick={(event) => event.detail > 1 && event.preventDefault()}>
            Save weight
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Records the weighed quantity of each item sold by weight, showing the new total before saving. */
export function FinalWeightDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useOrderDetails(orderId);
  return (
    <Modal opened onClose={onClose} title={`Record final weight · ${formatOrderReference(orderId)}`} centered radius="lg">
      {order.isPending && (
        <Stack gap="sm" role="status" aria-label="Loading order">
          <Skeleton height={56} />
          <Skeleton height={40} />
        </Stack>
      )}
      {order.isError && <LoadErrorAlert title="Could not load this order" onRetry={() => void order.refetch()} />}
      {order.data && <WeightForm order={order.data} onClose={onClose} />}
    </Modal>
  );
}
