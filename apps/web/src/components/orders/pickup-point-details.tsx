import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPickupPoint } from '@pulse/contract/orders';
import { phoneHref, pickupAddressLines, pickupDirectionsUrl } from '../../lib/orders/pickup-point';

/**
 * Where a pickup order is collected: the farm and its town, directions from its map point and its
 * phone (each only when the farm gave it). The same block at checkout, in the confirmation and on
 * the order page, so the buyer recognises it. Each link's name starts with or holds its visible
 * words (speech input users say what they see).
 */
export function PickupPointDetails({ point }: { point: TPickupPoint }) {
  const { t } = useLingui();
  const directions = pickupDirectionsUrl(point);
  const { farmName, phone } = point;
  const [farmLine, ...placeLines] = pickupAddressLines(point);
  return (
    <Stack gap={4} data-testid="pickup-point">
      <Text size="sm" fw={600}>
        {farmLine}
      </Text>
      {placeLines.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
      {(directions || point.phone) && (
        <Group gap="md" mt={2}>
          {directions && (
            <Anchor href={directions} target="_blank" rel="noopener noreferrer" size="sm" fw={600} aria-label={t`Directions to ${farmName}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconMapPin size={16} aria-hidden />
                <Trans>Directions</Trans>
              </Group>
            </Anchor>
          )}
          {point.phone && (
            <Anchor href={phoneHref(point.phone)} size="sm" fw={600} aria-label={t`Call ${farmName} on ${phone}`}>
              <Group gap={4} wrap="nowrap" component="span">
                <IconPhone size={16} aria-hidden />
                {point.phone}
              </Group>
            </Anchor>
          )}
        </Group>
      )}
    </Stack>
  );
}
