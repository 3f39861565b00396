import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { getAppName } from '../utils/get-app-name';
import { Logo } from './logo';

const FOOTER_LINKS = [
  { label: 'About us', to: '/about-us' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
] as const;

export function ContentFooter() {
  const appName = getAppName();
  return (
    <Stack component="footer" gap="md" mt={64} pb="md">
      <Divider />
      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" wrap="nowrap">
          <Logo size={28} withText />
        </Group>
        <Group component="nav" aria-label="Legal and company" gap="lg" wrap="wrap">
          {FOOTER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} c="dimmed" fz="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
      </Group>
      <Text c="dimmed" fz="xs">
        © {new Date().getFullYear()} {appName}. Fresh produce from the people who grow it.
      </Text>
    </Stack>
  );
}
