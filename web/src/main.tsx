import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { showCarriedToasts } from './app/carriedToasts';

// Toasts the public app showed just before it handed over to this one (a
// sign-in's 'Welcome back!'): they wait in Mantine's store until its toasts'
// container has loaded.
showCarriedToasts();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
