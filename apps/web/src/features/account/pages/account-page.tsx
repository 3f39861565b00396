import { Container, Stack, Text, Title } from '@mantine/core';
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
        <DevicesCard />
        <ChangePasswordCard />
      </Stack>
    </Container>
  );
}
