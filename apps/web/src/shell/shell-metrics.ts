/** Heights the layout pads content by, so nothing hides behind the fixed bars. */
export const TOP_BAR_HEIGHT = 60;
export const BOTTOM_BAR_HEIGHT = 64;
export const APP_SWITCH_SIZE = 56;
export const FLOATING_GAP = 16;
