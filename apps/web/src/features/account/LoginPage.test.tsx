import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render';
import { useAuth } from './auth-store';
import LoginPage from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, userId: null, isAuthenticated: false, error: null, loading: false });
});

describe('LoginPage', () => {
  it('shows the accessible form', () => {
    renderRoute(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email or phone number' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it("shows 'Incorrect username or password' inline and as a toast on a 401", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(jsonResponse(401, { status: false, message: 'Incorrect username or password', code: 'LOGIN_FAILED' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { path: '/login' });

    await user.type(screen.getByRole('textbox', { name: 'Email or phone number' }), 'ada@demo.owo.ng');
    await user.type(screen.getByLabelText('Password'), 'wrong-password1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Incorrect username or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Incorrect username or password')).toHaveLength(2)); // inline + toast
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useAuth.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('validates before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email or phone number')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to verify the phone when the server says it is unverified', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(jsonResponse(403, { status: false, message: 'Verify your phone number first.', code: 'PHONE_NOT_VERIFIED' })),
      ),
    );
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Email or phone number' }), 'ada@demo.owo.ng');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Verify my phone number' })).toBeInTheDocument();
  });
});
