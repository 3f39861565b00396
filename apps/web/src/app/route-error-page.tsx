import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Button, Center, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

function describeRouteError(error: unknown, unknown: string): string {
  if (error instanceof Error) return error.message;
  return unknown;
}

/** What RouteErrorBoundary shows for a render error: the user keeps a way out, not a blank page. */
export function RouteErrorPage({ error }: { error: unknown }) {
  // No <Trans> here: this page is on the first load, <Trans>'s runtime is not (decision 020).
  const { t } = useLingui();

  useEffect(() => {
    console.error('Unexpected application error', error);
  }, [error]);

  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <ThemeIcon size={72} radius={36} variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={36} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t`Unexpected Application Error!`}
        </Title>
        <Text c="dimmed">
          {t`Sorry, something went wrong while showing this page.`}
        </Text>
        <Code block maw="100%" style={{ whiteSpace: 'pre-wrap' }}>
          {describeRouteError(error, t`Something went wrong while showing this page.`)}
        </Code>
        {/* A full page load: the router itself may be what broke. */}
        <Button component="a" href="/">
          {t`Back to home`}
        </Button>
      </Stack>
    </Center>
  );
}
