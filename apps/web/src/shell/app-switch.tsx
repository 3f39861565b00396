import { useEffect, useRef } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconApps, IconBuildingStore, IconCheck, IconUsersGroup } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { APP_SWITCH_DELAY_MS, APP_SWITCH_TARGETS, getCurrentApp, type CurrentApp } from './current-app';

const APPS: readonly { app: CurrentApp; label: string; color: string; Icon: typeof IconApps }[] = [
  { app: 'marketplace', label: 'Marketplace', color: 'green', Icon: IconBuildingStore },
  { app: 'hub', label: 'Pulse Hub', color: 'gold', Icon: IconUsersGroup },
];

/** Floating round button that moves between Marketplace and Pulse Hub (spec §2 App switch). */
export function AppSwitch({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
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
    <Menu position="top-end" offset={10} shadow="lg" radius="lg" width={220} withinPortal>
      <Menu.Target>
        <ActionIcon
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch App</Menu.Label>
        {APPS.map(({ app, label, color, Icon }) => {
          const active = app === currentApp;
          return (
            <Menu.Item
              key={app}
              onClick={() => chooseApp(app)}
              leftSection={<Icon size={20} color={`var(--mantine-color-${color}-7)`} aria-hidden />}
              rightSection={active ? <IconCheck size={16} aria-hidden /> : null}
              data-active={active ? 'true' : undefined}
              fw={active ? 700 : 500}
              bg={active ? `${color}.0` : undefined}
            >
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
