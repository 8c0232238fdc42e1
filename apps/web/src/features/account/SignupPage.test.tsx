import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '../../test/render';
import SignupPage from './SignupPage';

afterEach(() => vi.unstubAllGlobals());

describe('SignupPage', () => {
  it('labels every field', () => {
    renderRoute(<SignupPage />, { path: '/signup' });
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    for (const name of ['First name', 'Last name', 'Email', 'Phone number', 'Nickname (optional)']) {
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows validation messages and does not call the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<SignupPage />, { path: '/signup' });

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0803');
    await user.type(screen.getByRole('textbox', { name: 'Nickname (optional)' }), 'a!');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Nigerian phone number')).toBeInTheDocument();
    expect(screen.getByText('Nickname must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the number fully (loaded when sent) and the password has a letter and a number, without zod on the page', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada2');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Obi');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0803123456');
    await user.type(screen.getByLabelText('Password'), 'lettersonly');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid Nigerian phone number')).toBeInTheDocument();
    expect(screen.getByText("First name may only contain letters, spaces, ' and -")).toBeInTheDocument();
    expect(screen.getByText('Password must contain a number')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server message, or 'An error occured' when there is none", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(409, { status: false, message: 'That email is already registered', code: 'CONFLICT' }))
      .mockResolvedValueOnce(new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<SignupPage />, { path: '/signup' });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Obi');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '08031234567');
    await user.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByText('That email is already registered')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findAllByText('An error occured')).length).toBeGreaterThan(0);
    const body = JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)) as Record<string, unknown>;
    expect(body).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '08031234567',
      password: 'Passw0rd!',
    });
  });
});
