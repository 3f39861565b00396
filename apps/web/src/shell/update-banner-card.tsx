import { Button, Group, Paper, Text } from '@mantine/core';
import { reloadIntoNewVersion } from '../lib/service-worker-update';
import classes from './update-banner.module.css';

export const UPDATE_AVAILABLE_MESSAGE = 'A new version is available';

export function UpdateBannerCard() {
  return (
    <Paper className={classes.banner} role="status" aria-live="polite" shadow="md" radius="md" withBorder>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          {UPDATE_AVAILABLE_MESSAGE}
        </Text>
        <Button size="xs" onClick={reloadIntoNewVersion}>
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
