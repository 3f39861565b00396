import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import { reloadIntoNewVersion } from '../lib/service-worker-update';
import classes from './update-banner.module.css';


export function UpdateBannerCard() {
  const { t } = useLingui();
  return (
    <Paper className={classes.banner} role="status" aria-live="polite" shadow="md" radius="md" withBorder>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t`A new version is available`}
        </Text>
        <Button size="xs" onClick={reloadIntoNewVersion}>
          <Trans>Reload</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
