import { Suspense, useState } from 'react';
import { lazyWithFullStyles } from '../lib/full-styles';
import { useLocation } from 'react-router';
import { AppSwitchButton } from './app-switch-button';
import { getCurrentApp } from './current-app';

const AppSwitchMenu = lazyWithFullStyles(() => import('./app-switch-menu').then((module) => module.AppSwitchMenu));

/** Floating round button that moves between Marketplace and Pulse Hub (spec §2 App switch). */
export function AppSwitch({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const currentApp = getCurrentApp(pathname);
  const [used, setUsed] = useState(false);
  const button = <AppSwitchButton className={className} currentApp={currentApp} onClick={() => setUsed(true)} />;

  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <AppSwitchMenu className={className} />
    </Suspense>
  );
}
