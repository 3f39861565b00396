import { useState } from 'react';
import { Badge, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAddress } from '@pulse/contract/addresses';
import { AddressForm } from '../../../components/address-form';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useAddresses } from '../../../lib/addresses-api';

export function formatAddressLine(address: Pick<TAddress, 'line1' | 'line2' | 'city' | 'region' | 'postalCode'>): string {
  return [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), address.region].filter(Boolean).join(', ');
}

interface AddressPickerProps {
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  /** Where the new address's pin map opens (the delivering farm). */
  mapCentre?: { lat: number; lng: number } | null;
}

/** Where the deliveries go: a saved address, or a new one added here with the profile's form. */
export function AddressPicker({ selectedId, onSelect, mapCentre = null }: AddressPickerProps) {
  const { t } = useLingui();
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const items = addresses.data?.items ?? [];
  const showForm = adding || (addresses.isSuccess && items.length === 0);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="delivery-address-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} id="delivery-address-heading" fz="md">
            <Trans>Delivery address</Trans>
          </Title>
          {!showForm && (
            <Button variant="subtle" size="compact-sm" leftSection={<IconMapPinPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              <Trans>Add address</Trans>
            </Button>
          )}
        </Group>
        {addresses.isPending && <Skeleton height={64} radius="md" />}
        {addresses.isError && <LoadErrorAlert title={t`Could not load your addresses`} onRetry={() => void addresses.refetch()} />}
        {items.length > 0 && (
          <Radio.Group value={selectedId} onChange={onSelect} name="delivery-address" aria-label={t`Delivery address`}>
            <Stack gap="xs">
              {items.map((address) => {
                const name = address.label || address.recipientName;
                const line = formatAddressLine(address);
                const recipient = address.recipientName;
                return (
                <Radio.Card key={address.id} value={address.id} radius="md" p="sm" aria-label={t`${name}, ${line}`}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator size="sm" mt={3} />
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {address.label || address.recipientName}
                        </Text>
                        {address.isDefault && (
                          <Badge size="xs" variant="light">
                            <Trans>Default</Trans>
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {address.label ? t`${recipient}, ${line}` : line}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        {showForm && (
          <Paper bg="gray.0" radius="md" p="sm">
            <Text size="sm" fw={600} mb="xs">
              <Trans>New address</Trans>
            </Text>
            <AddressForm
              mapCentre={mapCentre}
              onSaved={(address) => {
                setAdding(false);
                onSelect(address.id);
              }}
              onCancel={items.length > 0 ? () => setAdding(false) : undefined}
            />
          </Paper>
        )}
      </Stack>
    </Paper>
  );
}
