import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstPageReady, startRouter } from './app/App';
import { showCarriedToasts } from './app/carriedToasts';

// Toasts the public app showed just before it handed over to this one (a
// sign-in's 'Welcome back!'): they wait in Mantine's store until its toasts'
// container has loaded.
showCarriedToasts();

// In a task of its own, while the first page's data is on its way.
setTimeout(startRouter, 0);

// Once the first page's data is in (the loading shell of index.html shows
// meanwhile), and as a transition, so that React renders the first page in
// slices and lets the browser paint and answer taps between them, instead of
// holding a phone's processor for the whole tree at once.
const root = createRoot(document.getElementById('root')!);
void firstPageReady.then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
