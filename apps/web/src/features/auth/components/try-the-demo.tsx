import { Button, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconMotorbike, IconShoppingBag } from '@tabler/icons-react';
import type { TDemoAccount } from '@pulse/contract/auth';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const ROLE_LABELS: Record<TDemoAccount['role'], MessageDescriptor> = {
  buyer: msg`Demo buyer`,
  seller: msg`Demo seller`,
  agent: msg`Demo Pulse Agent`,
};

const ROLE_ICONS: Record<TDemoAccount['role'], typeof IconShoppingBag> = {
  buyer: IconShoppingBag,
  seller: IconBuildingStore,
  agent: IconMotorbike,
};

/**
 * "Try the demo" (decision 032): the seeded demo accounts, shown only when the server lists them
 * (SEED_DEMO on and the demo seed finished). A click fills the sign-in form; the visitor sees the
 * e-mail and password go in and presses Sign in.
 */
export function TryTheDemo({ accounts, onChoose }: { accounts: readonly TDemoAccount[]; onChoose: (account: TDemoAccount) => void }) {
  const { i18n } = useLingui();
  if (accounts.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="try-the-demo-title">
      <div>
        <Title order={2} fz="lg" id="try-the-demo-title">
          <Trans>Try the demo</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Pick an account to fill in its e-mail and password, then press Sign in.</Trans>
        </Text>
      </div>
      <Stack gap="xs">
        {accounts.map((account) => {
          const Icon = ROLE_ICONS[account.role];
          return (
            <Button
              key={account.email}
              variant="light"
              size="md"
              h="auto"
              py={8}
              justify="flex-start"
              leftSection={<Icon size={20} aria-hidden />}
              onClick={() => onChoose(account)}
            >
              <Stack gap={0} align="flex-start" component="span">
                <Text component="span" fw={700} size="sm" lh={1.3}>
                  {i18n._(ROLE_LABELS[account.role])}
                </Text>{' '}
                <Text component="span" size="sm" lh={1.3} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', textAlign: 'left' }}>
                  {account.name}
                </Text>
              </Stack>
            </Button>
          );
        })}
      </Stack>
    </Stack>
  );
}
