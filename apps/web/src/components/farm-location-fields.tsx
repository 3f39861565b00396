import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ChangeEvent } from 'react';
import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';

interface CoordinateInputProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

interface FarmLocationFieldsProps {
  lat: CoordinateInputProps;
  lng: CoordinateInputProps;
  /** The device's position, six decimals, once the browser shares it. */
  onLocated: (lat: string, lng: string) => void;
  /** Shown when the browser has no geolocation at all. */
  unsupportedMessage: string;
}

/** Latitude and longitude of a farm, typed or taken from the device ("Use my location"). */
export function FarmLocationFields({ lat, lng, onLocated, unsupportedMessage }: FarmLocationFieldsProps) {
  const [locating, setLocating] = useState(false);
  const { t } = useLingui();
  const [locationMessage, setLocationMessage] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocationMessage(unsupportedMessage);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocationMessage(null);
        onLocated(position.coords.latitude.toFixed(6), position.coords.longitude.toFixed(6));
      },
      () => {
        setLocating(false);
        setLocationMessage(t`Location not shared. Type the coordinates or leave them empty.`);
      },
      { timeout: 10_000 },
    );
  };

  return (
    <>
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label={t`Latitude`} inputMode="decimal" placeholder="5.6037" {...lat} />
        <TextInput label={t`Longitude`} inputMode="decimal" placeholder="-0.1870" {...lng} />
      </SimpleGrid>
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconCurrentLocation size={16} aria-hidden />} onClick={locate} loading={locating}>
          <Trans>Use my location</Trans>
        </Button>
      </Group>
      {locationMessage && (
        <Text size="xs" c="orange.8" role="status">
          {locationMessage}
        </Text>
      )}
    </>
  );
}
