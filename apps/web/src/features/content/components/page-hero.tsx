import type { ReactNode } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  /** Optional drawing shown beside the text on wide screens and under it on phones. */
  illustration?: ReactNode;
  /** Decorative art that only fills space beside the text; on phones it would just push the content down. */
  hideIllustrationOnPhone?: boolean;
}

/** The top band of every content page; it carries the page's only h1. */
export function PageHero({ eyebrow, title, lead, icon, actions, illustration, hideIllustrationOnPhone = false }: PageHeroProps) {
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      style={{
        // Primary-colour tint so the band follows the buyer (green) or seller (orange) theme.
        background:
          'linear-gradient(135deg, var(--mantine-primary-color-light) 0%, var(--mantine-color-body) 75%)',
        border: '1px solid var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <Group align="center" justify="space-between" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 340px', minWidth: 0 }}>
          {(eyebrow ?? icon) !== undefined && (
            <Group gap="xs">
              {icon !== undefined && (
                <ThemeIcon size={36} radius="md" variant="filled">
                  {icon}
                </ThemeIcon>
              )}
              {eyebrow !== undefined && (
                <Badge variant="light" size="lg" radius="sm">
                  {eyebrow}
                </Badge>
              )}
            </Group>
          )}
          <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.15} textWrap="balance">
            {title}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={640}>
            {lead}
          </Text>
          {actions !== undefined && (
            <Group gap="sm" mt="xs">
              {actions}
            </Group>
          )}
        </Stack>
        {illustration !== undefined && (
          <Box style={{ flex: '1 1 260px', maxWidth: 420, minWidth: 0 }} mx="auto" visibleFrom={hideIllustrationOnPhone ? 'sm' : undefined}>
            {illustration}
          </Box>
        )}
      </Group>
    </Paper>
  );
}
