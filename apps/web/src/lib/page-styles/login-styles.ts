/**
 * Mantine's styles for what a server-rendered /login shows before it is live, beyond the
 * first-load ones (app/first-load-styles.ts), in the order of Mantine's full stylesheet
 * (see product-details-styles.ts, decision 063).
 */
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tabs.css';
