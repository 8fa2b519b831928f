// Every style of the UI library, in its cascade layer (`@layer mantine`), so the app's own CSS modules win
// over it whatever order the sheets arrive in. main.tsx loads this after a server-rendered page's first
// paint (which needed only the styles it imports itself), and before rendering any other page.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
