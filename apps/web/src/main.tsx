import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { hasSignedInBefore, TOKEN_KEY, useAuth } from './features/account/auth-store';
import './index.css';

// Read the stored (encrypted) token before the router decides where to go.
void useAuth.getState().restore();

// Fetch the first screen's code while the session is read, instead of after: Home for someone
// with a stored session, sign-up on a first visit, the login screen for anyone else (the router
// imports the same modules).
if (window.location.pathname === '/') {
  if (localStorage.getItem(TOKEN_KEY)) void import('./features/home/HomePage');
  else if (hasSignedInBefore()) void import('./features/account/LoginPage');
  else void import('./features/account/SignupPage');
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
