import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app/PublicApp';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
