import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCurrentLocation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ZAddressInput, type TAddress } from '@pulse/contract/addresses';
import { invalidateAddresses, postAddress, putAddress } from '../lib/addresses-api';
import { useAuth } from '../lib/auth/use-auth';
import { getServerFormErrors, getZodFieldErrors, NO_FORM_ERRORS, type FormErrors } from '../lib/form-errors';
import { useSingleSubmit } from '../lib/use-single-submit';

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
    lat: address?.lat ?? null,
    lng: address?.lng ?? null,
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
}

/**
 * The one address form: /profile/addresses and the checkout's "Add address" use it. The contract's
 * schema checks it before sending, and the server's field messages land under the same fields.
 */
export function AddressForm({ address, onSaved, onCancel, hideDefaultToggle = false }: AddressFormProps) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [values, setValues] = useState<AddressValues>(() => initialValues(address));
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState<string | null>(null);
  const { isPending, runOnce } = useSingleSubmit();

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

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      setLocationMessage('This browser cannot share its location.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setValues((current) => ({ ...current, lat: position.coords.latitude, lng: position.coords.longitude }));
        setLocationMessage(null);
      },
      () => {
        setLocating(false);
        setLocationMessage('Location not shared. The delivery fee will use the farthest distance band.');
      },
      { timeout: 10_000 },
    );
  };

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

  const hasPosition = values.lat !== null && values.lng !== null;

  return (
    <form onSubmit={submit} noValidate aria-label={address ? 'Edit address' : 'New address'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="Recipient" autoComplete="name" required {...text('recipientName')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" required placeholder="+233 20 123 4567" {...text('phone')} />
        </SimpleGrid>
        <TextInput label="Street and number" autoComplete="address-line1" required {...text('line1')} />
        <TextInput label="Apartment, landmark (optional)" autoComplete="address-line2" {...text('line2')} />
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="Town or city" autoComplete="address-level2" required {...text('city')} />
          <TextInput label="Region (optional)" autoComplete="address-level1" {...text('region')} />
          <TextInput label="Postal code (optional)" autoComplete="postal-code" {...text('postalCode')} />
        </SimpleGrid>
        <TextInput label="Label (optional)" placeholder="Home, Work…" {...text('label')} />
        <Group gap="xs" align="center">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconCurrentLocation size={16} aria-hidden />}
            onClick={useMyLocation}
            loading={locating}
          >
            {hasPosition ? 'Update my position' : 'Use my position'}
          </Button>
          <Text size="xs" c="dimmed" style={{ flex: '1 1 180px' }}>
            {hasPosition
              ? `Position saved (${values.lat?.toFixed(3)}, ${values.lng?.toFixed(3)}): the delivery fee follows the distance.`
              : 'Optional: lets the farm price delivery by distance.'}
          </Text>
        </Group>
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
            label="Use as my default address"
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
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isPending}>
            {address ? 'Save changes' : 'Save address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
