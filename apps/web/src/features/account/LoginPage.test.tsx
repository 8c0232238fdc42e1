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

  it('asks for the texted code on a new device and logs in with it, naming this device', async () => {
    const NEW_DEVICE = 'This is a new device. Enter the code we texted to +234 ••• ••• 4567 to confirm it is you.';
    const fetchMock = vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).endsWith('/login/device')
          ? jsonResponse(200, {
              status: true,
              message: 'Login successful',
              data: { id: '01a20126-742a-717e-ac93-38f200442799', accessToken: 'tok' },
            })
          : jsonResponse(403, { status: false, message: NEW_DEVICE, code: 'NEW_DEVICE' }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<LoginPage />, { path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Email or phone number' }), 'ada@demo.owo.ng');
    await user.type(screen.getByLabelText('Password'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Confirm this device' })).toBeInTheDocument();
    expect(screen.getByText(NEW_DEVICE)).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Code from the text message'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and log in' }));

    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(true));
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toContain('/api/user/users/login/device');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'ada@demo.owo.ng', password: 'Demo1234', otp: '123456' });
    const headers = new Headers(init.headers);
    expect(headers.get('X-Device-Id')).toMatch(/^[0-9a-f]{32}$/);
    expect(headers.get('X-Device-Name')).toBeTruthy();
  });
});
