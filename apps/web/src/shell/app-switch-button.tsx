import { useLingui } from '@lingui/react/macro';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { useAuth } from '../lib/auth/use-auth';
import { getAppColour } from './app-theme';
import type { CurrentApp } from './current-app';

type AppSwitchButtonProps = { className?: string; currentApp: CurrentApp } & Omit<ComponentPropsWithoutRef<'button'>, 'color'>;

/** The floating round button of spec §2 App switch: the mode's colour for Marketplace (green, orange for sellers), gold for Pulse Hub. */
export const AppSwitchButton = forwardRef<HTMLButtonElement, AppSwitchButtonProps>(function AppSwitchButton({ className, currentApp, ...others }, ref) {
  const { mode } = useAuth();
  const { t } = useLingui();
  return (
    <ActionIcon
      ref={ref}
      {...others}
      className={className}
      size={56}
      radius={28}
      variant="filled"
      color={getAppColour(currentApp, mode)}
      aria-label={t`Switch App`}
      data-testid="app-switch"
      data-app={currentApp}
    >
      <IconApps size={26} stroke={1.8} />
    </ActionIcon>
  );
});
