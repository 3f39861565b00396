import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import type { TAddress } from '@pulse/contract/addresses';
import { Trans, useLingui } from '@lingui/react/macro';
import { describeAddressLocation } from '../utils/address-location';

function addressLines(address: TAddress): string[] {
  return [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), address.region].filter(Boolean);
}

interface AddressCardProps {
  address: TAddress;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  makingDefault: boolean;
}

/** One saved address with what can be done to it. */
export function AddressCard({ address, onEdit, onDelete, onMakeDefault, makingDefault }: AddressCardProps) {
  const { t } = useLingui();
  const name = address.label || address.recipientName;
  const location = describeAddressLocation(address);
  return (
    <Paper withBorder radius="lg" p="md" component="li" aria-label={name} data-testid="address-card" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconMapPin size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={700} truncate>
              {name}
            </Text>
          </Group>
          {address.isDefault && (
            <Badge variant="light" leftSection={<IconStar size={12} aria-hidden />}>
              <Trans>Default</Trans>
            </Badge>
          )}
        </Group>
        <div>
          {address.label && <Text size="sm">{address.recipientName}</Text>}
          {addressLines(address).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            {address.phone}
          </Text>
          <Text size="xs" c={location.needsPin ? 'orange.9' : 'dimmed'} fw={location.needsPin ? 600 : undefined} mt={4} data-testid="address-location">
            {location.text}
          </Text>
        </div>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit} aria-label={t`Edit ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          {!address.isDefault && (
            <Button size="xs" variant="light" onClick={onMakeDefault} loading={makingDefault} aria-label={t`Make ${name} the default`}>
              <Trans>Make default</Trans>
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete} aria-label={t`Delete ${name}`}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
