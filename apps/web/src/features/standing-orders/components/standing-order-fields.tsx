import { useEffect } from 'react';
import { ActionIcon, Alert, Anchor, Group, NumberInput, Paper, Radio, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconClock, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TFulfilment } from '@pulse/contract/orders';
import { STANDING_ORDER_MAX_QUANTITY } from '@pulse/contract/standing-orders';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAddresses } from '../../../lib/addresses-api';
import { formatMoney } from '../../../lib/format';
import { useFarmSlots } from '../api/standing-orders';
import type { StandingOrderFormValues } from '../utils/standing-order-form';
import { slotChoiceLabel } from '../utils/standing-order-text';

type Form = UseFormReturnType<StandingOrderFormValues>;

/** The lines: quantity each cycle, removable (at least one stays). */
function LinesField({ form, currency }: { form: Form; currency: string }) {
  const { t } = useLingui();
  const lines = form.values.lines;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Products each time`}>
      {lines.map((line, index) => {
        const title = line.title;
        return (
          <Group key={line.productId} component="li" wrap="nowrap" gap="sm" data-testid="standing-line">
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                {line.title}
              </Text>
              <Text size="xs" c="dimmed">
                {formatMoney(line.unitPriceMinor, currency)} / {line.unit}
              </Text>
            </Stack>
            <NumberInput
              aria-label={t`Quantity of ${title}`}
              w={92}
              min={1}
              max={STANDING_ORDER_MAX_QUANTITY}
              allowDecimal={false}
              clampBehavior="strict"
              {...form.getInputProps(`lines.${index}.quantity`)}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Remove ${title}`} disabled={lines.length <= 1} onClick={() => form.removeListItem('lines', index)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The farm's open slots of the method: the chosen one sets the weekday and time, and the first day. */
function SlotField({ form, sellerUserId, shopName }: { form: Form; sellerUserId: string; shopName: string }) {
  const { t } = useLingui();
  const method = form.values.fulfilment;
  const slots = useFarmSlots(sellerUserId, method);
  const { setFieldValue } = form;
  const slotId = form.values.firstSlotId;
  // A new method drops the slot: pickup and delivery slots are different windows.
  useEffect(() => {
    if (slots.data && slotId !== null && !slots.data.some((slot) => slot.id === slotId)) setFieldValue('firstSlotId', null);
  }, [slots.data, slotId, setFieldValue]);

  if (slots.isPending) return <Skeleton height={64} radius="md" aria-label={t`Loading the farm's times`} />;
  if (slots.isError) return <LoadErrorAlert title={t`Could not load the times of ${shopName}`} onRetry={() => void slots.refetch()} />;
  if (slots.data.length === 0) {
    return (
      <Alert color="orange" variant="light" icon={<IconClock size={18} aria-hidden />}>
        {method === 'pickup' ? <Trans>{shopName} has no pickup times open right now. Try delivery, or message the farm.</Trans> : <Trans>{shopName} has no delivery times open right now. Try pickup at the farm, or message the farm.</Trans>}
      </Alert>
    );
  }
  return (
    <Radio.Group
      value={slotId}
      onChange={(value) => form.setFieldValue('firstSlotId', value)}
      label={t`Day and time`}
      description={t`Your basket comes back at this weekday and time.`}
      error={form.errors.firstSlotId}
      name="standing-slot"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={6}>
        {slots.data.map((slot) => {
          const label = slotChoiceLabel(slot);
          return (
            <Radio.Card key={slot.id} value={slot.id} radius="md" p="sm" aria-label={`${label.title}, ${label.first}`}>
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <Radio.Indicator size="sm" mt={2} />
                <div>
                  <Text size="sm" fw={600}>
                    {label.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {label.first}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** A saved address for delivery (the profile's addresses, as the checkout offers them). */
function AddressField({ form }: { form: Form }) {
  const { t } = useLingui();
  const addresses = useAddresses();
  const saved = addresses.data?.items;
  const items = saved ?? [];
  const { setFieldValue } = form;
  const addressId = form.values.addressId;
  // The default address is chosen for the buyer, as at checkout.
  useEffect(() => {
    if (addressId !== null || !saved || saved.length === 0) return;
    setFieldValue('addressId', (saved.find((address) => address.isDefault) ?? saved[0]!).id);
  }, [addressId, saved, setFieldValue]);

  if (addresses.isPending) return <Skeleton height={56} radius="md" />;
  if (addresses.isError) return <LoadErrorAlert title={t`Could not load your addresses`} onRetry={() => void addresses.refetch()} />;
  if (items.length === 0) {
    return (
      <Alert color="orange" variant="light">
        <Trans>
          Add a delivery address in your <Anchor component={Link} to="/profile/addresses">addresses</Anchor> first, or choose pickup.
        </Trans>
      </Alert>
    );
  }
  return (
    <Radio.Group value={addressId} onChange={(value) => setFieldValue('addressId', value)} label={t`Delivery address`} error={form.errors.addressId} name="standing-address">
      <Stack gap="xs" mt={6}>
        {items.map((address) => {
          const line = [address.line1, address.city].filter(Boolean).join(', ');
          return (
            <Radio.Card key={address.id} value={address.id} radius="md" p="sm" aria-label={`${address.label || address.recipientName}, ${line}`}>
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <Radio.Indicator size="sm" mt={2} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {address.label || address.recipientName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/** What, how, when and how often: the fields a weekly basket is made and changed with. */
export function StandingOrderFields({ form, sellerUserId, shopName, currency, slotRequired = true }: { form: Form; sellerUserId: string; shopName: string; currency: string; slotRequired?: boolean }) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t`Products each time`}>
        <Stack gap="sm">
          <Text fw={700}>
            <Trans>Products each time</Trans>
          </Text>
          <LinesField form={form} currency={currency} />
          {form.errors.lines && (
            <Text size="sm" c="red">
              {form.errors.lines}
            </Text>
          )}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t`When`}>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>How do you get it?</Trans>
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: 'pickup', label: t`Pickup at the farm` },
                { value: 'delivery', label: t`Delivery` },
              ]}
              value={form.values.fulfilment}
              onChange={(value) => form.setFieldValue('fulfilment', value as TFulfilment)}
            />
          </Stack>
          {!slotRequired && (
            <Text size="xs" c="dimmed">
              <Trans>Choose a time only to move your basket to another weekday or hour.</Trans>
            </Text>
          )}
          <SlotField form={form} sellerUserId={sellerUserId} shopName={shopName} />
          {form.values.fulfilment === 'delivery' && <AddressField form={form} />}
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t`How often`}>
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>How often</Trans>
            </Text>
            <SegmentedControl
              fullWidth
              data={[
                { value: '1', label: t`Every week` },
                { value: '2', label: t`Every 2 weeks` },
              ]}
              {...form.getInputProps('intervalWeeks')}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput type="date" label={t`Last day (optional)`} description={t`Empty: until you cancel`} {...form.getInputProps('endsOn')} />
            <NumberInput
              label={t`Price rise limit (%)`}
              description={t`A price rising more than this waits for your yes`}
              min={0}
              max={1000}
              allowDecimal={false}
              {...form.getInputProps('priceIncreaseLimitPercent')}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}
