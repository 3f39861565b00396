import { Anchor, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getAppName } from '../../../lib/get-app-name';
import { Logo } from '../../../components/logo';

const FOOTER_LINKS = [
  { label: msg`About us`, to: '/about-us' },
  { label: msg`Terms of Service`, to: '/terms-of-service' },
  { label: msg`Privacy Policy`, to: '/privacy-policy' },
] as const;

export function ContentFooter() {
  const { i18n, t } = useLingui();
  const appName = getAppName();
  const year = new Date().getFullYear();
  return (
    <Stack component="footer" gap="md" mt={64} pb="md">
      <Divider />
      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" wrap="nowrap">
          <Logo size={28} withText />
        </Group>
        <Group component="nav" aria-label={t`Legal and company`} gap="lg" wrap="wrap">
          {FOOTER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} c="dimmed" fz="sm">
              {i18n._(link.label)}
            </Anchor>
          ))}
        </Group>
      </Group>
      <Text c="dimmed" fz="xs">
        <Trans>
          © {year} {appName}. Fresh produce from the people who grow it.
        </Trans>
      </Text>
    </Stack>
  );
}
