import { useLingui } from '@lingui/react';
import { useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../lib/auth/use-auth';
import { getAppThemeName } from '../shell/app-theme';
import { SetAppThemeContext } from './app-theme-context';
import { shouldShowAppSwitch, shouldShowAssistantWidget, shouldShowBars } from './bars-visibility';
import { formatDocumentTitle } from '../lib/document-title';
import { findRoute } from './find-route';

/** Everything the current route decides about the page around it: title, theme, bars. */
export function useRouteChrome() {
  const { pathname } = useLocation();
  const { mode } = useAuth();
  const setAppTheme = useContext(SetAppThemeContext);
  const route = findRoute(pathname);
  const themeName = getAppThemeName({ pathname, mode });

  const { i18n } = useLingui();
  const title = i18n._(route.titleMessage);
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);

  useEffect(() => {
    document.documentElement.dataset.appTheme = themeName;
    setAppTheme(themeName);
  }, [themeName, setAppTheme]);

  const showBars = shouldShowBars(pathname);
  // What covers the top of the screen: the top bar, the slim page header (root-layout.tsx), or
  // nothing on the login page. Toasts show below it (global.css, toast-stack.module.css).
  const topChrome = showBars ? 'bar' : route.id === 'login' ? 'none' : 'header';
  useEffect(() => {
    document.documentElement.dataset.topChrome = topChrome;
  }, [topChrome]);

  return {
    route,
    showBars,
    showAssistant: shouldShowAssistantWidget(pathname),
    showAppSwitch: shouldShowAppSwitch(pathname),
  };
}
