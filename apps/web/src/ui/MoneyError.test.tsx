import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { MoneyError } from './MoneyError';

const TIER1 =
  'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦50,000.00 more today. Verify your BVN and NIN in Account › Limits and verification to raise it.';

describe('MoneyError', () => {
  it('a KYC limit shows its message once, with the limits page and the verification that raises it', () => {
    render(
      <MemoryRouter>
        <MoneyError error={new ApiError(403, 'KYC_LIMIT', TIER1)} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(TIER1)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'See your limits and raise them' })).toHaveAttribute('href', '/account/limits');
    expect(screen.getByRole('link', { name: 'Verify your BVN' })).toHaveAttribute('href', '/account/limits/bvn');
  });

  it('at Tier 2 it offers the Tier 3 upgrade', () => {
    render(
      <MemoryRouter>
        <MoneyError error={new ApiError(403, 'KYC_LIMIT', 'This payment is over your Tier 2 daily limit of ₦200,000.00.')} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Tier 3' })).toHaveAttribute('href', '/account/limits/tier3');
  });
});
