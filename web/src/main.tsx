import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { showCarriedToasts } from './app/carriedToasts';

// Toasts the public app showed just before it handed over to this one (a
// sign-in's 'Welcome back!'): they wait in Mantine's store until its toasts'
// container has loaded.
showCarriedToasts();

// A transition, so that React renders the first page in slices and lets the
// browser paint and answer taps between them, instead of holding a phone's
// processor for the whole tree at once.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
