import { Anchor, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PageProps } from '../../../app/route-types';
import { useAuth } from '../../../lib/auth/use-auth';
import { ChangeEmailCard } from '../components/change-email-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { DevicesCard } from '../components/devices-card';

/** /account (decisions 051, 053): the e-mail address, who is signed in, where, and the password. Reached from the side menu's header. */
export function AccountPage({ route }: PageProps) {
  const { user } = useAuth();
  return (
    <Container size="sm" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 32 }}>
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {route.title}
          </Title>
          {user && (
            <Text c="dimmed">
              {user.username} · {user.email}
            </Text>
          )}
        </Stack>
        <ChangeEmailCard />
        <Card withBorder radius="lg" padding="lg">
          <Group gap="sm" wrap="nowrap">
            <IconBell size={24} stroke={1.6} aria-hidden />
            <Anchor component={Link} to="/account/notifications" fw={600}>
              <Trans>Notification settings: in the app, push and e-mail</Trans>
            </Anchor>
          </Group>
        </Card>
        <DevicesCard />
        <ChangePasswordCard />
      </Stack>
    </Container>
  );
}
