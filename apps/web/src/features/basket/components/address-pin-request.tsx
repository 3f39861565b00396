import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPinExclamation } from '@tabler/icons-react';
import { t as translateNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { TAddress } from '@pulse/contract/addresses';
import { LazyLocationPickerMap } from '../../../components/delivery-map/lazy-delivery-map';
import { DEFAULT_MAP_CENTRE, type MapPoint } from '../../../components/delivery-map/map-geometry';
import { invalidateAddresses, putAddress } from '../../../lib/addresses-api';
import { useAuth } from '../../../lib/auth/use-auth';
import { getServerFormErrors } from '../../../lib/form-errors';
import { useSingleSubmit } from '../../../lib/use-single-submit';
import { useBrowserPosition } from '../../../lib/use-browser-position';
import { formatAddressLine } from './address-picker';

interface AddressPinRequestProps {
  address: TAddress;
  /** Where the map opens: the delivering farm's point when known. */
  centre: MapPoint | null;
}

/**
 * The checkout's request for a pin (decision 029): the chosen address is not on the map, so no farm
 * can price its delivery. The buyer taps the map (or shares the position) and saves the pin on the
 * address; the quote then follows the distance. Choosing another address or pickup also works.
 */
export function AddressPinRequest({ address, centre }: AddressPinRequestProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();
  const position = useBrowserPosition(setPoint);

  const save = () =>
    void runOnce(async () => {
      if (!point) return;
      setError(null);
      try {
        const { label, recipientName, phone, line1, line2, city, region, postalCode, isDefault } = address;
        await putAddress(address.id, { label, recipientName, phone, line1, line2, city, region, postalCode, isDefault, lat: point.lat, lng: point.lng });
        await invalidateAddresses(queryClient, user?.id ?? null);
        await queryClient.invalidateQueries({ queryKey: ['checkout', 'quote'] });
      } catch (failure) {
        const errors = getServerFormErrors(failure, ['lat', 'lng']);
        setError(errors.form ?? errors.fields.lat ?? errors.fields.lng ?? translateNow`The pin was not saved. Try again.`);
      }
    });

  const addressLine = formatAddressLine(address);
  const latitude = point ? point.lat.toFixed(4) : '';
  const longitude = point ? point.lng.toFixed(4) : '';

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconMapPinExclamation size={18} aria-hidden />}
      title={t`Place a pin for this address`}
      role="region"
      aria-label={t`Place a pin for this address`}
    >
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            We could not find {addressLine} on the map, so its delivery fee is unknown. Tap the map where the delivery should go, or choose another address
            or pickup at the farm.
          </Trans>
        </Text>
        <LazyLocationPickerMap value={point} fallbackCentre={centre ?? DEFAULT_MAP_CENTRE} onPick={setPoint} label={t`Map: tap where the delivery should go`} height={220} />
        <Text size="xs" c="dimmed" data-testid="pin-request-status">
          {point ? t`Pin at ${latitude}, ${longitude}.` : t`No pin yet.`}
        </Text>
        {(position.message || error) && (
          <Text size="xs" c="red.8" role="alert">
            {error ?? position.message}
          </Text>
        )}
        <Group gap="xs">
          <Button size="sm" onClick={save} disabled={!point} loading={isPending}>
            <Trans>Save this pin</Trans>
          </Button>
          <Button size="sm" variant="default" leftSection={<IconCurrentLocation size={16} aria-hidden />} onClick={position.locate} loading={position.locating}>
            <Trans>Use my location</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
