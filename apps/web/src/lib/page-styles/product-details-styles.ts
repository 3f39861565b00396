/**
 * Mantine's styles for what a server-rendered product page shows before it is live, beyond the
 * first-load ones (app/first-load-styles.ts), in the order of Mantine's full stylesheet. With them
 * the page's own stylesheet is complete for its first paint, so the full stylesheet (250 kB) is not
 * render-blocking there; it still comes with the page's chunk (decision 063).
 */
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Rating.css';
import '@mantine/core/styles/SimpleGrid.css';
