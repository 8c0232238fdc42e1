import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { useAuth } from './features/account/auth-store';
import './index.css';

// Read the stored (encrypted) token before the router decides where to go.
void useAuth.getState().restore();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
