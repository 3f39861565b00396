import type { ReactNode } from 'react';
import { Box, ThemeIcon } from '@mantine/core';

interface HeroIconArtProps {
  main: ReactNode;
  /** Up to three small icons orbiting the main one. */
  satellites: readonly ReactNode[];
}

const SATELLITE_POSITIONS = [
  { top: '6%', left: '8%' },
  { top: '14%', right: '4%' },
  { bottom: '6%', left: '22%' },
] as const;

/** Decorative hero art built from icons, tinted by the theme colour of the current mode. */
export function HeroIconArt({ main, satellites }: HeroIconArtProps) {
  return (
    <Box aria-hidden pos="relative" w="100%" maw={340} mx="auto" style={{ aspectRatio: '1 / 0.85' }}>
      <Box
        pos="absolute"
        style={{
          inset: '8% 12%',
          borderRadius: '50%',
          background: 'radial-gradient(circle at 35% 30%, var(--mantine-primary-color-light) 0%, transparent 70%)',
        }}
      />
      <ThemeIcon
        size={128}
        radius={999}
        variant="gradient"
        gradient={{ from: 'var(--mantine-primary-color-4)', to: 'var(--mantine-primary-color-8)', deg: 135 }}
        pos="absolute"
        style={{ top: '50%', left: '50%', transform: 'translate(-50%, -50%)', boxShadow: 'var(--mantine-shadow-lg)' }}
      >
        {main}
      </ThemeIcon>
      {satellites.slice(0, SATELLITE_POSITIONS.length).map((icon, index) => (
        <ThemeIcon
          key={index}
          size={56}
          radius="lg"
          variant="default"
          pos="absolute"
          style={{ ...SATELLITE_POSITIONS[index], boxShadow: 'var(--mantine-shadow-md)', color: 'var(--mantine-primary-color-filled)' }}
        >
          {icon}
        </ThemeIcon>
      ))}
    </Box>
  );
}
