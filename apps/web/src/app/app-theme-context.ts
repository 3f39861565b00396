import { createContext } from 'react';
import type { AppThemeName } from '../shell/app-theme';

/**
 * Mantine's provider sits outside the router (error pages need it), but the theme depends on
 * the route and the mode, so the layout inside the router reports the theme up through this.
 */
export const SetAppThemeContext = createContext<(themeName: AppThemeName) => void>(() => undefined);
