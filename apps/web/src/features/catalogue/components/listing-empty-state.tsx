import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

export interface ListingEmptyStateProps {
  query: string;
  activeFilters: number;
  inShop: boolean;
  onClearFilters: () => void;
  onClearSearch: () => void;
}

/** No results: says why and what to try next, with one tap to widen the search. */
export function ListingEmptyState({ query, activeFilters, inShop, onClearFilters, onClearSearch }: ListingEmptyStateProps) {
  const { t } = useLingui();
  const nothingNarrowed = query === '' && activeFilters === 0;
  const title = query
    ? t`No produce matches “${query}”.`
    : nothingNarrowed
      ? inShop
        ? t`This shop has no produce on sale right now.`
        : t`No produce is on sale right now.`
      : t`No produce matches these filters.`;
  const hint = query
    ? t`Check the spelling, remove a filter or browse all produce.`
    : nothingNarrowed
      ? t`Come back soon: farms add produce every day.`
      : t`Remove a filter or browse all produce.`;

  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center" data-testid="listing-empty">
      <ThemeIcon size={72} radius={36} variant="light" color="gray" aria-hidden>
        <IconSearchOff size={34} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600} size="lg" maw={460} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text c="dimmed" maw={420}>
        {hint}
      </Text>
      <Group gap="sm" justify="center" mt="xs">
        {activeFilters > 0 && <Button onClick={onClearFilters}>{t`Clear filters`}</Button>}
        {activeFilters === 0 && query !== '' && <Button onClick={onClearSearch}>{t`Clear search`}</Button>}
        <Button component={Link} to="/product-listing" variant="default">
          <Trans>Browse all produce</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
