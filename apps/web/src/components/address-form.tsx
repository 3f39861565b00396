import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ZAddressInput, type TAddress } from '@pulse/contract/addresses';
import { describeAddressLocation } from '../features/addresses/utils/address-location';
import { useBrowserPosition } from '../lib/use-browser-position';
import { invalidateAddresses, postAddress, putAddress } from '../lib/addresses-api';
import { useAuth } from '../lib/auth/use-auth';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../lib/form-errors';
import { useSingleSubmit } from '../lib/use-single-submit';
import { LazyLocationPickerMap } from './delivery-map/lazy-delivery-map';
import { DEFAULT_MAP_CENTRE, type MapPoint } from './delivery-map/map-geometry';

/** A Ghanaian mobile number, as people write it (not text to translate). */
const PHONE_EXAMPLE = '+233 20 123 4567';

const FORM_FIELDS = ['label', 'recipientName', 'phone', 'line1', 'line2', 'city', 'region', 'postalCode', 'lat', 'lng', 'isDefault'] as const;

interface AddressValues {
  label: string;
  recipientName: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  lat: number | null;
  lng: number | null;
  isDefault: boolean;
}

function initialValues(address: TAddress | null | undefined): AddressValues {
  return {
    label: address?.label ?? '',
    recipientName: address?.recipientName ?? '',
    phone: address?.phone ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postalCode: address?.postalCode ?? '',
    // Only the buyer's own pin is sent back: a town or region guess is made again from the
    // (possibly edited) address on the server.
    lat: address?.locatedBy === 'pin' ? address.lat : null,
    lng: address?.locatedBy === 'pin' ? address.lng : null,
    isDefault: address?.isDefault ?? false,
  };
}

interface AddressFormProps {
  /** The address to edit; a new one is created when absent. */
  address?: TAddress | null;
  onSaved: (address: TAddress) => void;
  onCancel?: () => void;
  /** Hides "Use as my default address" (the first address becomes the default anyway). */
  hideDefaultToggle?: boolean;
  /** Where the pin map opens (the checkout passes the farm); the address's own point or Accra otherwise. */
  mapCentre?: MapPoint | null;
}

function pointOf(lat: number | null | undefined, lng: number | null | undefined): MapPoint | null {
  return lat !== null && lat !== undefined && lng !== null && lng !== undefined ? { lat, lng } : null;
}

/**
 * The one address form: /profile/addresses and the checkout's "Add address" use it. The contract's
 * schema checks it before sending, and the server's field messages land under the same fields.
 */
export function AddressForm({ address, onSaved, onCancel, hideDefaultToggle = false, mapCentre = null }: AddressFormProps) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { t } = useLingui();
  const [values, setValues] = useState<AddressValues>(() => initialValues(address));
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [mapOpen, setMapOpen] = useState(false);
  const { isPending, runOnce } = useSingleSubmit();
  const { locate, locating, message: locationMessage, clearMessage: clearLocationMessage } = useBrowserPosition((point) =>
    setValues((current) => ({ ...current, lat: point.lat, lng: point.lng })),
  );

  const set =
    <TKey extends keyof AddressValues>(key: TKey) =>
    (value: AddressValues[TKey]) => {
      setValues((current) => ({ ...current, [key]: value }));
      if (errors.fields[key]) setErrors((current) => ({ ...current, fields: { ...current.fields, [key]: '' } }));
    };
  const text = (key: Exclude<keyof AddressValues, 'lat' | 'lng' | 'isDefault'>) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key)(event.currentTarget.value),
    error: errors.fields[key] || undefined,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void runOnce(async () => {
      const parsed = ZAddressInput.safeParse(values);
      if (!parsed.success) {
        setErrors({ fields: getZodFieldErrors(parsed.error), form: null });
        return;
      }
      setErrors(NO_FORM_ERRORS);
      try {
        const saved = address ? await putAddress(address.id, parsed.data) : await postAddress(parsed.data);
        await invalidateAddresses(queryClient, user?.id ?? null);
        onSaved(saved);
      } catch (error) {
        setErrors(getServerFormErrors(error, FORM_FIELDS));
      }
    });
  };

  const pin = pointOf(values.lat, values.lng);
  const placePin = (point: MapPoint | null) => {
    setValues((current) => ({ ...current, lat: point?.lat ?? null, lng: point?.lng ?? null }));
    clearLocationMessage();
  };
  const unchangedPlace = address && address.city === values.city && address.region === values.region;
  const pinLat = pin?.lat.toFixed(4);
  const pinLng = pin?.lng.toFixed(4);
  const locationStatus = pin
    ? t`Pin placed (${pinLat}, ${pinLng}): the delivery fee follows the distance.`
    : address && unchangedPlace && address.locatedBy !== null
      ? describeAddressLocation(address).text
      : t`Without a pin we place the address at its town or region when we know it; otherwise the checkout asks for a pin.`;

  return (
    <form onSubmit={submit} noValidate aria-label={address ? t`Edit address` : t`New address`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t`Recipient`} autoComplete="name" required {...text('recipientName')} />
          <TextInput label={t`Phone`} type="tel" autoComplete="tel" required placeholder={PHONE_EXAMPLE} {...text('phone')} />
        </SimpleGrid>
        <TextInput label={t`Street and number`} autoComplete="address-line1" required {...text('line1')} />
        <TextInput label={t`Apartment, landmark (optional)`} autoComplete="address-line2" {...text('line2')} />
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput label={t`Town or city`} autoComplete="address-level2" required {...text('city')} />
          <TextInput label={t`Region (optional)`} autoComplete="address-level1" {...text('region')} />
          <TextInput label={t`Postal code (optional)`} autoComplete="postal-code" {...text('postalCode')} />
        </SimpleGrid>
        <TextInput label={t`Label (optional)`} placeholder={t`Home, Work…`} {...text('label')} />
        <Stack gap={6} role="group" aria-label={t`Where it is on the map`}>
          <Text size="sm" fw={500}>
            <Trans>Where is it on the map?</Trans>
          </Text>
          <Group gap="xs">
            <Button variant="light" size="xs" leftSection={<IconCurrentLocation size={16} aria-hidden />} onClick={locate} loading={locating}>
              <Trans>Use my location</Trans>
            </Button>
            <Button variant="light" size="xs" leftSection={<IconMapPin size={16} aria-hidden />} onClick={() => setMapOpen((open) => !open)} aria-expanded={mapOpen}>
              {mapOpen ? t`Hide the map` : pin ? t`Move the pin` : t`Place a pin on the map`}
            </Button>
            {pin && (
              <Button variant="subtle" size="xs" color="gray" onClick={() => placePin(null)}>
                <Trans>Remove the pin</Trans>
              </Button>
            )}
          </Group>
          {mapOpen && (
            <LazyLocationPickerMap
              value={pin}
              fallbackCentre={mapCentre ?? pointOf(address?.lat, address?.lng) ?? DEFAULT_MAP_CENTRE}
              onPick={placePin}
              label={t`Map: tap where the delivery should go`}
              height={220}
            />
          )}
          <Text size="xs" c="dimmed" data-testid="address-location-status">
            {locationStatus}
          </Text>
        </Stack>
        {locationMessage && (
          <Text size="xs" c="orange.8">
            {locationMessage}
          </Text>
        )}
        {(errors.fields.lat || errors.fields.lng) && (
          <Text size="xs" c="red">
            {errors.fields.lat || errors.fields.lng}
          </Text>
        )}
        {!hideDefaultToggle && (
          <Checkbox
            label={t`Use as my default address`}
            checked={values.isDefault}
            onChange={(event) => set('isDefault')(event.currentTarget.checked)}
            disabled={address?.isDefault === true}
          />
        )}
        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          )}
          <Button type="submit" loading={isPending}>
            {address ? t`Save changes` : t`Save address`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
