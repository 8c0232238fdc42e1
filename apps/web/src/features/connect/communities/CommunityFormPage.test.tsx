import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { calls, routeFetch } from '../../../test/route-fetch';
import { useAuth } from '../../account';
import EditCommunityPage, { CreateCommunityPage } from './CommunityFormPage';
import { COMMUNITY_ID, community, one, renderAt } from './test-fixtures';

const C = '/api/connect/communities';
const categories = one([
  { _id: 'food', name: 'Food' },
  { _id: 'tech', name: 'Tech' },
]);
const shown = { path: '/connect/communities/:id', element: <p>Community page</p> };

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: 'u1', isAuthenticated: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('CommunityFormPage', () => {
  it('"Write it for me" asks for a name and category first, then fills the description', async () => {
    const fetchMock = routeFetch({
      'GET /api/connect/community-category': categories,
      [`GET ${C}/generate-description`]: one({ description: 'A home for Lagos food lovers: share spots, recipes and deals.' }),
    });
    const u = userEvent.setup();
    renderAt(<CreateCommunityPage />, '/connect/communities/new', '/connect/communities/new');
    await screen.findByRole('option', { name: 'Food' });
    await u.click(screen.getByRole('button', { name: 'Write it for me' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('The name needs at least 3 characters');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category');
    expect(calls(fetchMock, `GET ${C}/generate-description`)).toHaveLength(0);

    await u.type(screen.getByLabelText('Name'), 'Lagos Foodies');
    await u.selectOptions(screen.getByLabelText('Category'), 'Food');
    await u.click(screen.getByRole('button', { name: 'Write it for me' }));
    expect(await screen.findByDisplayValue('A home for Lagos food lovers: share spots, recipes and deals.')).toBe(
      screen.getByLabelText('Description'),
    );
    const [call] = calls(fetchMock, `GET ${C}/generate-description`);
    const query = new URL(String(call?.[0]), 'http://x').searchParams;
    expect(query.get('community_name')).toBe('Lagos Foodies');
    expect(query.get('community_category')).toBe('food');
  });

  it('creates a private community that needs approval and opens it', async () => {
    const fetchMock = routeFetch({
      'GET /api/connect/community-category': categories,
      [`POST ${C}`]: () => jsonResponse(201, one(community({ visibility: 'private', needsApproval: true, role: 'owner', isMember: true }))),
    });
    const u = userEvent.setup();
    const { router } = renderAt(<CreateCommunityPage />, '/connect/communities/new', '/connect/communities/new', [shown]);
    await screen.findByRole('option', { name: 'Food' });
    await u.type(screen.getByLabelText('Name'), 'Lagos Foodies');
    await u.selectOptions(screen.getByLabelText('Category'), 'Food');
    await u.click(screen.getByRole('radio', { name: /Private/ }));
    await u.click(screen.getByRole('checkbox', { name: 'Posts need approval' }));
    await u.click(screen.getByRole('button', { name: 'Create community' }));
    expect(await screen.findByText('Community page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/connect/communities/${COMMUNITY_ID}`);
    const [call] = calls(fetchMock, `POST ${C}`);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Lagos Foodies',
      category: 'food',
      description: '',
      visibility: 'private',
      needsApproval: true,
    });
  });

  it("shows the server's refusal in the form", async () => {
    routeFetch({
      'GET /api/connect/community-category': categories,
      [`POST ${C}`]: () =>
        jsonResponse(409, { status: false, code: 'COMMUNITY_NAME_TAKEN', message: 'A community with this name already exists' }),
    });
    const u = userEvent.setup();
    renderAt(<CreateCommunityPage />, '/connect/communities/new', '/connect/communities/new');
    await screen.findByRole('option', { name: 'Food' });
    await u.type(screen.getByLabelText('Name'), 'Lagos Foodies');
    await u.selectOptions(screen.getByLabelText('Category'), 'Food');
    await u.click(screen.getByRole('button', { name: 'Create community' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A community with this name already exists');
  });

  it('edits a community: its fields are filled in, and a removed cover is sent as null', async () => {
    const fetchMock = routeFetch({
      'GET /api/connect/community-category': categories,
      [`GET ${C}/${COMMUNITY_ID}`]: one(community({ role: 'owner', isMember: true, coverUrl: '/files/cover.png' })),
      [`PATCH ${C}/${COMMUNITY_ID}`]: one(community({ role: 'owner', isMember: true, name: 'Lagos Foodies Club' })),
    });
    const u = userEvent.setup();
    renderAt(<EditCommunityPage />, '/connect/communities/:id/edit', `/connect/communities/${COMMUNITY_ID}/edit`, [shown]);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Lagos Foodies');
    expect(screen.getByRole('img', { name: 'Cover image preview' })).toBeInTheDocument();
    await u.type(name, ' Club');
    await u.click(screen.getByRole('button', { name: 'Remove cover image' }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Community page')).toBeInTheDocument();
    const [call] = calls(fetchMock, `PATCH ${C}/${COMMUNITY_ID}`);
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      name: 'Lagos Foodies Club',
      coverUrl: null,
      avatarUrl: null,
      category: 'food',
    });
  });
});
