import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import { E, one, renderAt, shop } from '../test-fixtures';
import CreateShopPage from './CreateShopPage';

const CREATE = `POST ${E}/api/shop`;

function mockServer() {
  return routeFetch({
    [`GET ${E}/api/shop/me`]: () => jsonResponse(200, { status: true, message: 'You have no shop yet', data: null }),
    [`GET ${E}/api/shop/states`]: one([{ id: 'lagos', name: 'Lagos' }]),
    [`GET ${E}/api/shop/states/lagos`]: one({ state: { id: 'lagos', name: 'Lagos' }, lgas: [{ id: 'ikeja', name: 'Ikeja' }] }),
    [CREATE]: () => jsonResponse(201, one({ ...shop(), isMine: true })),
  });
}

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});

describe('CreateShopPage', () => {
  it("shows the contract's messages and sends nothing on bad input", async () => {
    const fetchMock = mockServer();
    const u = userEvent.setup();
    renderAt(<CreateShopPage />, '/shop/sell/new', '/shop/sell/new');
    await u.type(await screen.findByLabelText('Shop name'), 'A');
    await u.type(screen.getByLabelText('Latitude'), '51.5');
    await u.type(screen.getByLabelText('Longitude'), 'east');
    await u.click(screen.getByRole('button', { name: 'Open my shop' }));
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(screen.getByLabelText('Shop name')).toHaveAccessibleDescription('The shop name needs at least 2 characters');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Enter a phone number');
    expect(screen.getByLabelText('State')).toHaveAccessibleDescription('Choose a state');
    expect(screen.getByLabelText('Local government area')).toHaveAccessibleDescription('Choose a local government area');
    expect(screen.getByLabelText('Street address')).toHaveAccessibleDescription('Enter the street address');
    expect(screen.getByLabelText('Latitude')).toHaveAccessibleDescription('The place must be in Nigeria');
    expect(screen.getByLabelText('Longitude')).toHaveAccessibleDescription('Enter the longitude, like 3.3515');
    expect(calls(fetchMock, CREATE)).toHaveLength(0);
  });

  it('sends the shop with its place and coordinates as numbers', async () => {
    const fetchMock = mockServer();
    const u = userEvent.setup();
    renderAt(<CreateShopPage />, '/shop/sell/new', '/shop/sell/new', [{ path: '/shop/sell', element: <p>Selling</p> }]);
    await u.type(await screen.findByLabelText('Shop name'), ' Ada Fabrics ');
    await u.type(screen.getByLabelText('Phone number'), '08030000000');
    await screen.findByRole('option', { name: 'Lagos' });
    await u.selectOptions(screen.getByLabelText('State'), 'lagos');
    await screen.findByRole('option', { name: 'Ikeja' });
    await u.selectOptions(screen.getByLabelText('Local government area'), 'ikeja');
    await u.type(screen.getByLabelText('Street address'), '7 Otigba Street');
    await u.type(screen.getByLabelText('Latitude'), '6.6018');
    await u.type(screen.getByLabelText('Longitude'), '3.3515');
    await u.click(screen.getByRole('button', { name: 'Open my shop' }));
    expect(await screen.findByText('Selling')).toBeInTheDocument();
    const [call] = calls(fetchMock, CREATE);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Ada Fabrics',
      description: '',
      phone: '08030000000',
      stateId: 'lagos',
      lgaId: 'ikeja',
      address: '7 Otigba Street',
      latitude: 6.6018,
      longitude: 3.3515,
    });
  });
});
