import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

/** What a signed-in user who is not an approved seller sees on a seller page (the server said 403). */
export function SellerOnlyNotice({ title }: { title: string }) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={80} radius={40} variant="light" color="orange" aria-hidden>
          <IconBuildingStore size={40} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" size="lg" maw={460}>
          <Trans>This page is for approved sellers. Once your seller application is approved you can list produce and run your shop here.</Trans>
        </Text>
        <Button component={Link} to="/seller-application-status" size="md">
          <Trans>See my application</Trans>
        </Button>
        <Button component={Link} to="/sellers" variant="subtle">
          <Trans>How selling works</Trans>
        </Button>
      </Stack>
    </Container>
  );
}
