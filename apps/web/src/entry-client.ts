// The page's HTML names this module alone (docs/decisions/024).
//
// The styles a public page needs for its first paint (docs/decisions/017): the library's base and the
// components those pages open with, in the library's cascade layer. The server writes them into a rendered
// page. Everything else (app/all-styles.ts) loads without blocking the paint.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import './lib/early-interactions.css';
import { holdEarlyInteractions } from './lib/early-interactions.ts';
import { mainPicturesShown } from './lib/main-picture.ts';

let appStarted = false;
function startApp(): void {
  if (appStarted) return;
  appStarted = true;
  void import('./main.tsx');
}

// A page rendered on the server can be read before any script runs: its code (main.tsx) is asked for once
// its main pictures are on screen, so on a phone's slow network they have the bandwidth to themselves. A
// page the browser renders itself has no picture yet, and starts at once. Someone who touches the page
// first starts it at once too, and a tap or choice made before it runs is played again when it does
// (docs/decisions/028).
const root = document.getElementById('root');
if (root) holdEarlyInteractions(startApp, root);
void mainPicturesShown().then(startApp);
