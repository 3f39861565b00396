import { useState } from 'react';
import { Button, Container, Group, Modal, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMapPinPlus, IconMapPins } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { t as translateNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_ADDRESSES_PER_USER, type TAddress } from '@pulse/contract/addresses';
import type { PageProps } from '../../../app/route-types';
import { AddressForm } from '../../../components/address-form';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { deleteAddress, invalidateAddresses, postDefaultAddress, useAddresses } from '../../../lib/addresses-api';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/use-auth';
import { AddressCard } from '../components/address-card';

type Editing = { mode: 'new' } | { mode: 'edit'; address: TAddress } | null;

function showFailure(title: string, error: unknown) {
  // Outages already got the catalogue's toast.
  if (isApiError(error) && error.status !== null && error.status < 500) {
    notifications.show({ color: 'red', title, message: error.message });
  }
}

/** /profile/addresses: saved delivery addresses, the default first. */
export function AddressesPage({ route }: PageProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const addresses = useAddresses();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TAddress | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const items = addresses.data?.items ?? [];
  const atLimit = items.length >= MAX_ADDRESSES_PER_USER;

  const maxAddresses = MAX_ADDRESSES_PER_USER;
  const deletingName = deleting ? deleting.label || deleting.recipientName : '';
  const deletingLine = deleting?.line1 ?? '';
  const deletingCity = deleting?.city ?? '';

  const refresh = () => invalidateAddresses(queryClient, user?.id ?? null);

  const makeDefault = async (address: TAddress) => {
    setBusyId(address.id);
    try {
      await postDefaultAddress(address.id);
      notifications.show({ color: 'green', title: translateNow`Default address changed`, message: address.label || address.recipientName, autoClose: 3000 });
    } catch (error) {
      showFailure(translateNow`Could not change the default address`, error);
    } finally {
      await refresh();
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyId(deleting.id);
    try {
      await deleteAddress(deleting.id);
      notifications.show({ color: 'green', title: translateNow`Address deleted`, message: deleting.label || deleting.recipientName, autoClose: 3000 });
      setDeleting(null);
    } catch (error) {
      showFailure(translateNow`Could not delete the address`, error);
    } finally {
      await refresh();
      setBusyId(null);
    }
  };

  return (
    <Container size="md" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }} mb={4}>
            {route.title}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Where farms and Pulse Agents deliver your orders.</Trans>
          </Text>
        </div>
        {items.length > 0 && (
          <Button leftSection={<IconMapPinPlus size={18} aria-hidden />} onClick={() => setEditing({ mode: 'new' })} disabled={atLimit}>
            <Trans>Add address</Trans>
          </Button>
        )}
      </Group>

      {addresses.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} role="status" aria-label={t`Loading addresses`}>
          <Skeleton height={150} radius="lg" />
          <Skeleton height={150} radius="lg" />
        </SimpleGrid>
      )}
      {addresses.isError && <LoadErrorAlert title={t`Could not load your addresses`} onRetry={() => void addresses.refetch()} />}

      {addresses.isSuccess && items.length === 0 && (
        <Stack align="center" gap="sm" py={48} ta="center">
          <ThemeIcon size={72} radius={36} variant="light" aria-hidden>
            <IconMapPins size={36} stroke={1.6} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            <Trans>No saved addresses yet</Trans>
          </Text>
          <Text c="dimmed" maw={380}>
            <Trans>Save where you want your produce delivered; your default address is chosen for you at checkout.</Trans>
          </Text>
          <Button mt="xs" leftSection={<IconMapPinPlus size={18} aria-hidden />} onClick={() => setEditing({ mode: 'new' })}>
            <Trans>Add address</Trans>
          </Button>
        </Stack>
      )}

      {items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" p={0} m={0} aria-label={t`Saved addresses`}>
          {items.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              onEdit={() => setEditing({ mode: 'edit', address })}
              onDelete={() => setDeleting(address)}
              onMakeDefault={() => void makeDefault(address)}
              makingDefault={busyId === address.id && deleting === null}
            />
          ))}
        </SimpleGrid>
      )}
      {atLimit && (
        <Text size="sm" c="dimmed" mt="md">
          <Trans>You keep {maxAddresses} addresses, the most there can be. Delete one to add another.</Trans>
        </Text>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? t`Edit address` : t`New address`}
        size="lg"
        fullScreen={isPhone}
        radius="lg"
      >
        {editing && (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.id : 'new'}
            address={editing.mode === 'edit' ? editing.address : null}
            onSaved={(saved) => {
              setEditing(null);
              notifications.show({ color: 'green', title: editing.mode === 'edit' ? translateNow`Address saved` : translateNow`Address added`, message: saved.label || saved.recipientName, autoClose: 3000 });
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t`Delete this address?`} radius="lg" centered>
        <Stack gap="md">
          <Text size="sm">
            {deleting?.isDefault
              ? t`${deletingName}, ${deletingLine}, ${deletingCity} will be removed. Your newest other address becomes the default.`
              : t`${deletingName}, ${deletingLine}, ${deletingCity} will be removed.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              <Trans>Keep it</Trans>
            </Button>
            <Button color="red" onClick={() => void confirmDelete()} loading={deleting !== null && busyId === deleting.id}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
