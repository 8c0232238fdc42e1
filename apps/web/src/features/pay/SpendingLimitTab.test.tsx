import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import SpendingLimitTab from './SpendingLimitTab';

afterEach(() => vi.unstubAllGlobals());

describe('Spending limit without a token', () => {
  it("shows 'Authorization failed, no token!' and sends nothing", async () => {
    useAuth.setState({ token: null, userId: null, isAuthenticated: false });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<SpendingLimitTab />, { path: '/pay/limit' });
    expect(await screen.findByText('Authorization failed, no token!')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
