import { useId } from 'react';
import { Group, Text } from '@mantine/core';
import { getAppName } from '../lib/get-app-name';

interface LogoProps {
  /** Height of the mark in pixels; the wordmark scales with it. */
  size?: number;
  withText?: boolean;
}

// The mark takes the colour of the mode (spec §1: green for buyers, orange for sellers, gold on
// Pulse Hub) from the theme's primary colour; the brand green where no theme is set.
const GRADIENT_LIGHT = 'var(--mantine-primary-color-4, #51cf66)';
const GRADIENT_DARK = 'var(--mantine-primary-color-8, #2b8a3e)';
const VEIN_COLOUR = 'var(--mantine-primary-color-8, #2b8a3e)';

/** The Pulse Market mark: a leaf whose midrib is a heartbeat line, on a tile in the mode's colour. */
export function Logo({ size = 32, withText = false }: LogoProps) {
  // Several logos can share a page (top bar, menu, footer); gradient ids must not collide.
  const gradientId = `pulse-logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const appName = getAppName();

  const mark = (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      xmlns="http://www.w3.org/2000/svg"
      role={withText ? undefined : 'img'}
      aria-label={withText ? undefined : appName}
      aria-hidden={withText ? true : undefined}
      focusable="false"
      style={{ flexShrink: 0, display: 'block' }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: GRADIENT_LIGHT }} />
          <stop offset="1" style={{ stopColor: GRADIENT_DARK }} />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="13" fill={`url(#${gradientId})`} />
      <g transform="rotate(-40 24 24)">
        <path d="M3.5 24H8" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M7 24C14 12.5 31 10.5 41.5 24C31 37.5 14 35.5 7 24Z" fill="#fff" />
        <polyline
          points="10,24 17.5,24 20.5,18 25,31 28.5,20.5 30.5,24 37.5,24"
          fill="none"
          style={{ stroke: VEIN_COLOUR }}
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );

  if (!withText) return mark;

  return (
    <Group gap={Math.max(6, Math.round(size * 0.28))} wrap="nowrap" style={{ display: 'inline-flex' }}>
      {mark}
      <Text component="span" fw={800} fz={Math.round(size * 0.56)} lh={1} style={{ letterSpacing: '-0.02em', whiteSpace: 'nowrap' }}>
        {appName}
      </Text>
    </Group>
  );
}
