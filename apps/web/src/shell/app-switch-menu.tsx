import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Menu } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconUsersGroup } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth/use-auth';
import { getAppColour } from './app-theme';
import { AppSwitchButton } from './app-switch-button';
import { APP_SWITCH_DELAY_MS, APP_SWITCH_TARGETS, getCurrentApp, type CurrentApp } from './current-app';

const APPS: readonly { app: CurrentApp; label: MessageDescriptor; Icon: typeof IconBuildingStore }[] = [
  { app: 'marketplace', label: msg`Marketplace`, Icon: IconBuildingStore },
  { app: 'hub', label: msg`Pulse Hub`, Icon: IconUsersGroup },
];

/**
 * The Switch App menu around the floating button, loaded the first time the button is pressed
 * (the menu's positioning library stays out of the first load) and then opened at once.
 */
export function AppSwitchMenu({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { mode } = useAuth();
  const { i18n } = useLingui();
  const currentApp = getCurrentApp(pathname);
  const pendingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (pendingTimer.current) clearTimeout(pendingTimer.current);
    },
    [],
  );

  const chooseApp = (app: CurrentApp) => {
    if (pendingTimer.current) clearTimeout(pendingTimer.current);
    // The pause lets the menu close before the page changes under it.
    pendingTimer.current = setTimeout(() => {
      pendingTimer.current = null;
      void navigate(APP_SWITCH_TARGETS[app]);
    }, APP_SWITCH_DELAY_MS);
  };

  return (
    <Menu defaultOpened position="top-end" offset={10} shadow="lg" radius="lg" width={220} withinPortal>
      <Menu.Target>
        <AppSwitchButton className={className} currentApp={currentApp} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Trans>Switch App</Trans>
        </Menu.Label>
        {APPS.map(({ app, label, Icon }) => {
          const active = app === currentApp;
          const color = getAppColour(app, mode);
          return (
            <Menu.Item
              key={app}
              onClick={() => chooseApp(app)}
              leftSection={<Icon size={20} color={`var(--mantine-color-${color}-9)`} aria-hidden />}
              rightSection={active ? <IconCheck size={16} aria-hidden /> : null}
              data-active={active ? 'true' : undefined}
              fw={active ? 700 : 500}
              bg={active ? `${color}.0` : undefined}
            >
              {i18n._(label)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
