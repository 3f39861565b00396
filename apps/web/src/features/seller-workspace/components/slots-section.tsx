import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Collapse, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import type { TDeliverySlot } from '@pulse/contract/orders';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useDeleteSlot } from '../api/delete-slot';
import { useOwnSlots } from '../api/get-own-slots';
import { useCreateSlot } from '../api/post-slot';
import { buildSlotInput, defaultSlotValues, type SlotFormValues } from '../utils/slot-form';
import { formatDateTime, formatTimeRange } from '../../../lib/format';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

const SLOT_FIELDS = ['method', 'startsAt', 'endsAt', 'cutoffAt', 'capacity'] as const;

function SlotForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState<SlotFormValues>(() => defaultSlotValues());
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSlot();
  const { isPending, runOnce } = useSingleSubmit();
  const change = <K extends keyof SlotFormValues>(key: K, value: SlotFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFields((current) => ({ ...current, [key]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const built = buildSlotInput(values);
      if (!built.ok) {
        setFields(built.fields);
        setFormError(null);
        return;
      }
      setFields({});
      setFormError(null);
      try {
        await create.mutateAsync(built.input);
        notifications.show({ color: 'green', title: t`Slot published`, message: t`Buyers can choose it at checkout now.` });
        setValues(defaultSlotValues());
        onDone();
      } catch (error) {
        const errors = getServerFormErrors(error, SLOT_FIELDS);
        setFields(errors.fields);
        setFormError(errors.form);
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t`Add a slot`}>
      <Stack gap="sm">
        <SegmentedControl
          value={values.method}
          onChange={(value) => change('method', value === 'delivery' ? 'delivery' : 'pickup')}
          data={[
            { value: 'pickup', label: t`Pickup at the farm` },
            { value: 'delivery', label: t`Delivery` },
          ]}
          fullWidth
          aria-label={t`Kind of slot`}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="datetime-local" label={t`Starts`} value={values.startsAt} onChange={(event) => change('startsAt', event.currentTarget.value)} error={fields.startsAt || undefined} required />
          <TextInput type="datetime-local" label={t`Ends`} value={values.endsAt} onChange={(event) => change('endsAt', event.currentTarget.value)} error={fields.endsAt || undefined} required />
          <NumberInput
            label={t`Orders close (hours before the start)`}
            value={values.cutoffHours}
            onChange={(value) => change('cutoffHours', typeof value === 'number' ? value : Number(value) || 0)}
            min={0}
            max={168}
            allowDecimal={false}
            error={fields.cutoffAt || undefined}
          />
          <TextInput
            label={t`Most orders (optional)`}
            placeholder={t`No limit`}
            inputMode="numeric"
            value={values.capacity}
            onChange={(event) => change('capacity', event.currentTarget.value)}
            error={fields.capacity || undefined}
          />
        </SimpleGrid>
        {(formError || fields.method) && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {formError ?? fields.method}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={isPending} leftSection={<IconCalendarPlus size={18} aria-hidden />}>
            <Trans>Publish slot</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SlotRow({ slot }: { slot: TDeliverySlot }) {
  const { t } = useLingui();
  const remove = useDeleteSlot();
  const range = formatTimeRange(slot.startsAt, slot.endsAt);
  const cutoff = formatDateTime(slot.cutoffAt);
  const places = slot.remaining;
  const deleteLabel = slot.method === 'pickup' ? t`Delete slot: Pickup ${range}` : t`Delete slot: Delivery ${range}`;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="seller-slot">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={slot.method === 'pickup' ? 'orange' : 'blue'}>
            {slot.method === 'pickup' ? <Trans>Pickup</Trans> : <Trans>Delivery</Trans>}
          </Badge>
          <Text size="sm" fw={600}>
            {range}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {places === null ? (
            <Trans>Orders close {cutoff}</Trans>
          ) : (
            <Plural value={places} one={`Orders close ${cutoff} · # place left`} other={`Orders close ${cutoff} · # places left`} />
          )}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={deleteLabel}
        loading={remove.isPending}
        onClick={() => {
          if (!remove.isPending) remove.mutate(slot.id);
        }}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/**
 * Pickup and delivery windows: checkout needs one per farm, so a farm without open slots cannot be
 * ordered from. This is where a new seller becomes orderable.
 */
export function SlotsSection() {
  const { t } = useLingui();
  const slots = useOwnSlots(true);
  const [adding, setAdding] = useState(false);
  const items = slots.data?.items ?? [];

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="slots-heading">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="slots-heading">
          <Trans>Pickup and delivery slots</Trans>
        </Title>
        {!adding && (
          <Button size="compact-sm" variant="light" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            <Trans>Add a slot</Trans>
          </Button>
        )}
      </Group>
      <Collapse expanded={adding}>
        <Paper radius="md" p="sm" mb="sm" bg="var(--mantine-color-gray-0)">
          {adding && <SlotForm onDone={() => setAdding(false)} />}
        </Paper>
      </Collapse>
      {slots.isPending && <Skeleton height={48} radius="md" />}
      {slots.isError && <LoadErrorAlert title={t`Could not load your slots`} onRetry={() => void slots.refetch()} />}
      {slots.isSuccess && items.length === 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t`Buyers cannot order yet`}>
          <Trans>Checkout needs a pickup or delivery slot. Add one so buyers can order from you.</Trans>
        </Alert>
      )}
      {items.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Open slots`}>
          {items.map((slot) => (
            <SlotRow key={slot.id} slot={slot} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
