import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, jsonResponse, list, renderRoute } from '../../test/render';
import DevicesPage from './DevicesPage';

afterEach(() => vi.unstubAllGlobals());

const PHONE = {
  id: '0b1f3c2e-8d3a-4c55-9a57-3f0f3b1d2c01',
  label: 'Chrome on Android',
  firstSeenAt: '2026-11-01T09:00:00Z',
  lastSeenAt: '2026-11-27T09:00:00Z',
  current: true,
};
const LAPTOP = {
  id: '0b1f3c2e-8d3a-4c55-9a57-3f0f3b1d2c02',
  label: 'Firefox on Windows',
  firstSeenAt: '2026-11-02T09:00:00Z',
  lastSeenAt: '2026-11-20T09:00:00Z',
  current: false,
};

describe('DevicesPage', () => {
  it('lists the devices, marks this one and offers Sign out only for the others', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, list([PHONE, LAPTOP])))),
    );
    renderRoute(<DevicesPage />, { path: '/account/devices' });
    const rows = within(await screen.findByRole('list', { name: 'Your devices' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeInTheDocument();
  });

  it('signs a device out after asking, and lists the devices again', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'DELETE'
          ? jsonResponse(200, { status: true, message: 'Device signed out', data: null })
          : jsonResponse(200, list(fetchMock.mock.calls.some(([, i]) => i?.method === 'DELETE') ? [PHONE] : [PHONE, LAPTOP])),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoute(<DevicesPage />, { path: '/account/devices' });
    await user.click(await screen.findByRole('button', { name: 'Sign out Firefox on Windows' }));
    expect(screen.getByText(/will need a code texted to your phone/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows' }));
    expect(await screen.findByText('Firefox on Windows is signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out Firefox on Windows' })).toBeNull());
    const deleted = fetchMock.mock.calls.find(([, i]) => i?.method === 'DELETE');
    expect(String(deleted?.[0])).toContain(`/api/user/devices/${LAPTOP.id}`);
  });

  it('shows the error with a retry when the list cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(500, failure('Something went wrong')))),
    );
    renderRoute(<DevicesPage />, { path: '/account/devices' });
    expect(await screen.findByText("We couldn't load your devices")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
