// First: zod's settings must be in place before any schema module loads.
import './zodConfig.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createAppServices } from './app/services.ts';
import { panelAddressFor } from './routes/resolve.ts';

// Served outside /panel/ (an old bookmark, a proxy rule): move into the panel before anything renders,
// keeping query and hash, without adding a history entry.
const inside = panelAddressFor(window.location);
if (inside) window.history.replaceState(window.history.state, '', inside);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App services={createAppServices()} />
    </StrictMode>,
  );
}
