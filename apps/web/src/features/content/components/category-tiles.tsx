import { Box, Card, Flex, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import classes from './category-tiles.module.css';
import { buildCategoryListingPath, PRODUCE_CATEGORIES } from '../data/produce-categories';

export function CategoryTiles() {
  const { i18n } = useLingui();
  // Three compact columns on phones (icon and name) so all nine categories fit on about one screen.
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', md: 'md' }}>
      {PRODUCE_CATEGORIES.map(({ slug, label, blurb, icon: CategoryIcon }) => (
        <Card
          key={slug}
          component={Link}
          to={buildCategoryListingPath(slug)}
          withBorder
          radius="lg"
          p={{ base: 'sm', md: 'md' }}
          className={classes.tile}
        >
          <Flex direction={{ base: 'column', md: 'row' }} align="center" gap={{ base: 'xs', md: 'md' }} ta={{ base: 'center', md: 'left' }}>
            <ThemeIcon size={48} radius="md" variant="light" style={{ flexShrink: 0 }}>
              <CategoryIcon size={26} stroke={1.6} />
            </ThemeIcon>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text fw={700} fz={{ base: 'sm', md: 'md' }} lh={1.3}>
                {i18n._(label)}
              </Text>
              <Text c="dimmed" fz="sm" visibleFrom="md">
                {i18n._(blurb)}
              </Text>
            </Box>
            <Box visibleFrom="md" lh={0}>
              <IconChevronRight size={18} color="var(--mantine-color-dimmed)" aria-hidden />
            </Box>
          </Flex>
        </Card>
      ))}
    </SimpleGrid>
  );
}
