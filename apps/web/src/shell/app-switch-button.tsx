import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import type { CurrentApp } from './current-app';

type AppSwitchButtonProps = { className?: string; currentApp: CurrentApp } & Omit<ComponentPropsWithoutRef<'button'>, 'color'>;

/** The floating round button of spec §2 App switch: green for Marketplace, gold for Pulse Hub. */
export const AppSwitchButton = forwardRef<HTMLButtonElement, AppSwitchButtonProps>(function AppSwitchButton({ className, currentApp, ...others }, ref) {
  return (
    <ActionIcon
      ref={ref}
      {...others}
      className={className}
      size={56}
      radius={28}
      variant="filled"
      color={currentApp === 'hub' ? 'gold' : 'green'}
      aria-label="Switch App"
      data-testid="app-switch"
      data-app={currentApp}
    >
      <IconApps size={26} stroke={1.8} />
    </ActionIcon>
  );
});
