// Every style of the UI library, in its cascade layer (`@layer mantine`), so the app's own CSS modules win
// over it whatever order the sheets arrive in. main.tsx loads this once a server-rendered page has loaded
// (its paint needed only the styles main.tsx imports), and before rendering any other page.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
