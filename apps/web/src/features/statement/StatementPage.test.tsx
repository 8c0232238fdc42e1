import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import { calls, routeFetch } from '../../test/route-fetch';
import StatementPage, { sameEmail } from './StatementPage';

const user = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Okafor',
  email: 'ada@demo.owo.ng',
  phoneNumber: '+2348030000001',
  nickName: 'ada',
  avatar: null,
  bio: null,
  hasPin: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const STATEMENT = 'POST /api/wallet/generate-statement';

function mockApi() {
  return routeFetch({
    'GET /api/user/users/u1': { status: true, message: 'User', data: user },
    [STATEMENT]: {
      status: true,
      message: 'Your statement is on its way to ada@demo.owo.ng',
      data: { sentTo: 'ada@demo.owo.ng', transactions: 12, openingBalance: 0, closingBalance: 500000 },
    },
  });
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

async function openEmailDialog(u: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { name: 'Account statement', level: 1 })).toBeInTheDocument();
  await u.click(screen.getByRole('button', { name: 'Request statement' }));
  return screen.findByRole('dialog', { name: 'Confirm your email' });
}

describe('sameEmail', () => {
  it('ignores case and surrounding spaces', () => {
    expect(sameEmail('  ADA@demo.owo.ng ', 'ada@demo.owo.ng')).toBe(true);
    expect(sameEmail('ada@demo.owo.ng', 'tunde@demo.owo.ng')).toBe(false);
    expect(sameEmail('', undefined)).toBe(false);
  });
});

describe('Statement flow', () => {
  it("shows 'Email verification failed!' on a different email and sends nothing", async () => {
    const fetchMock = mockApi();
    const u = userEvent.setup();
    renderRoute(<StatementPage />, { path: '/statement' });
    const dialog = await openEmailDialog(u);
    await u.type(within(dialog).getByLabelText('Email address'), 'someone@else.ng');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email verification failed!')).toBeInTheDocument();
    // Still on the email step; no PIN asked and no statement call made.
    expect(screen.getByRole('dialog', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Transaction PIN')).not.toBeInTheDocument();
    expect(calls(fetchMock, STATEMENT)).toHaveLength(0);
  });

  it('sends the statement with the PIN header once the email matches', async () => {
    const fetchMock = mockApi();
    const u = userEvent.setup();
    renderRoute(<StatementPage />, { path: '/statement' });
    const dialog = await openEmailDialog(u);
    await u.type(within(dialog).getByLabelText('Email address'), '  Ada@Demo.owo.ng ');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await u.type(await screen.findByLabelText('Transaction PIN'), '2468');
    await u.click(screen.getByRole('button', { name: 'Send statement' }));

    expect(await screen.findByRole('heading', { name: 'Statement sent' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Statement sent' })).toHaveTextContent('ada@demo.owo.ng');
    expect(await screen.findByText('Your statement is on its way to ada@demo.owo.ng')).toBeInTheDocument();
    const [call] = calls(fetchMock, STATEMENT);
    const init = call?.[1];
    expect((init?.headers as Record<string, string>).transactionPin).toBe('2468');
    const body = JSON.parse(String(init?.body)) as { from: string; to: string; email: string };
    expect(body.email).toBe('ada@demo.owo.ng');
    expect(body.from <= body.to).toBe(true);
  });

  it('shows the server message when the statement fails', async () => {
    const fetchMock = routeFetch({
      'GET /api/user/users/u1': { status: true, message: 'User', data: user },
      [STATEMENT]: () =>
        new Response(JSON.stringify({ status: false, message: 'Incorrect transaction PIN. 4 attempts left.', code: 'PIN_INCORRECT' }), {
          status: 403,
        }),
    });
    const u = userEvent.setup();
    renderRoute(<StatementPage />, { path: '/statement' });
    const dialog = await openEmailDialog(u);
    await u.type(within(dialog).getByLabelText('Email address'), 'ada@demo.owo.ng');
    await u.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await u.type(await screen.findByLabelText('Transaction PIN'), '1111');
    await u.click(screen.getByRole('button', { name: 'Send statement' }));
    expect(await screen.findByText('Incorrect transaction PIN. 4 attempts left.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Transaction PIN')).toHaveValue(''));
    expect(calls(fetchMock, STATEMENT)).toHaveLength(1);
  });

  it("shows 'Authorization failed, no token!' without a token", async () => {
    useAuth.setState({ token: null, userId: null, isAuthenticated: false });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const u = userEvent.setup();
    renderRoute(<StatementPage />, { path: '/statement' });
    await u.click(screen.getByRole('button', { name: 'Request statement' }));
    expect(await screen.findByText('Authorization failed, no token!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
