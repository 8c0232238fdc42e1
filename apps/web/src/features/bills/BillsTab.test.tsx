import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// eslint-disable-next-line no-restricted-imports -- the test reads the toasts sonner holds
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render';
import { useAuth } from '../account';
import { calls, routeFetch } from '../../test/route-fetch';
import BillsTab from './BillsTab';
import { networks } from '../../test/fixtures';

const ok = (data: unknown, message = 'OK') => ({ status: true, message, data });

const discos = [
  { billerId: 'ikedc', billerGroupId: 'electricity', name: 'Ikeja Electric', shortName: 'IKEDC', category: 'electricity' },
  { billerId: 'ekedc', billerGroupId: 'electricity', name: 'Eko Electricity', shortName: 'EKEDC', category: 'electricity' },
];
const meterTypes = [
  { packageId: 'prepaid', name: 'Prepaid meter', amount: null, validity: null },
  { packageId: 'postpaid', name: 'Postpaid meter', amount: null, validity: null },
];

const preview = (customerNumber: string) => ({
  reference: 'OWO-BILL-123456',
  type: 'electricity',
  recipient: { id: null, name: 'Ikeja Electric · Grace Okafor', bankName: null, accountNumber: customerNumber },
  amount: 500_000,
  fee: 0,
  total: 500_000,
  narration: 'Prepaid meter',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
});

const receipt = (over: Record<string, unknown>) => ({
  id: 'h1',
  reference: 'OWO-BILL-123456',
  type: 'electricity',
  direction: 'debit',
  amount: 500_000,
  fee: 0,
  total: 500_000,
  status: 'successful',
  narration: 'Prepaid meter',
  counterparty: { id: null, name: 'Ikeja Electric · Grace Okafor', bankName: null, accountNumber: '45012345678' },
  failureReason: null,
  token: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...over,
});

const validate = (url: string) => {
  const n = new URL(url, 'http://x').searchParams.get('customerNumber');
  return n === '00000000000'
    ? new Response(
        JSON.stringify({
          status: false,
          message: 'We could not find this meter number. Check it and the distribution company.',
          code: 'CUSTOMER_NOT_FOUND',
        }),
        { status: 404 },
      )
    : new Response(
        JSON.stringify(ok({ customerNumber: n, customerName: 'Grace Okafor', address: '9 Ring Road, Ibadan' }, 'Customer found')),
      );
};

beforeEach(() => useAuth.setState({ token: 'tok', userId: 'u1', isAuthenticated: true }));
afterEach(() => {
  // Toasts live outside the rendered tree: one test's must not show in the next.
  toast.dismiss();
  vi.unstubAllGlobals();
  useAuth.setState({ token: null, userId: null, isAuthenticated: false });
});

async function startElectricity(meter: string, extra: Record<string, unknown> = {}) {
  const fetch = routeFetch({
    'GET /api/bills/bills/airtime-providers': ok(networks),
    'GET /api/bills/bills/electricity-providers': ok(discos),
    'GET /api/bills/bills/electricity-provider-packages': ok(meterTypes),
    'GET /api/bills/beneficiary/ikedc': ok([]),
    'GET /api/bills/bills/validate-customer': validate,
    'POST /api/transaction/api/v1/initiate': (_url: string, init: RequestInit | undefined) =>
      new Response(
        JSON.stringify(ok(preview((JSON.parse(String(init?.body)) as { customerNumber: string }).customerNumber), 'Confirm payment')),
      ),
    ...extra,
  });
  const user = userEvent.setup();
  renderRoute(<BillsTab />, { path: '/pay/bills' });
  await user.click(screen.getByRole('tab', { name: 'Electricity' }));
  await user.click(await screen.findByRole('button', { name: 'Ikeja Electric' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Meter type' })).toHaveValue('prepaid'));
  await user.type(screen.getByRole('textbox', { name: 'Meter number' }), meter);
  return { fetch, user };
}

async function payElectricity(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('status')).toHaveTextContent('Grace Okafor');
  expect(screen.getByRole('status')).toHaveTextContent('9 Ring Road, Ibadan');
  await user.type(screen.getByRole('textbox', { name: 'Amount (₦)' }), '5000');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
  expect(within(dialog).getByText('Ikeja Electric')).toBeInTheDocument();
  expect(within(dialog).getByText('Grace Okafor')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await user.type(within(dialog).getByLabelText('Transaction PIN'), '2468');
  await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
  return dialog;
}

describe('Pay > Bills', () => {
  it('says what is missing on Continue, and updates as it is fixed', async () => {
    const fetch = routeFetch({ 'GET /api/bills/bills/airtime-providers': ok(networks), 'GET /api/bills/beneficiary/mtn-airtime': ok([]) });
    const user = userEvent.setup();
    renderRoute(<BillsTab />, { path: '/pay/bills' });
    await screen.findByRole('button', { name: 'MTN' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose a provider')).toBeInTheDocument();
    expect(screen.getByText('Enter the phone number')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'MTN' }));
    await waitFor(() => expect(screen.queryByText('Choose a provider')).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0803');
    expect(await screen.findByText('Enter a Nigerian phone number like 0803 000 0000')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Amount (₦)' }), '20');
    expect(await screen.findByText('The smallest amount is ₦50.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '₦500' }));
    expect(screen.getByRole('textbox', { name: 'Amount (₦)' })).toHaveValue('500');
    await waitFor(() => expect(screen.queryByText('The smallest amount is ₦50.00')).not.toBeInTheDocument());
    expect(calls(fetch, 'POST /api/transaction/api/v1/initiate')).toHaveLength(0);
  });

  it('fills the number from a saved beneficiary and can remove one', async () => {
    let saved = [
      { label: 'mtn-airtime', customerNumber: '08031112233', customerName: '08031112233', lastUsedAt: new Date().toISOString() },
      { label: 'mtn-airtime', customerNumber: '08069998888', customerName: null, lastUsedAt: new Date().toISOString() },
    ];
    const fetch = routeFetch({
      'GET /api/bills/bills/airtime-providers': ok(networks),
      'GET /api/bills/beneficiary/mtn-airtime': () => new Response(JSON.stringify(ok(saved))),
      'DELETE /api/bills/beneficiary/mtn-airtime/08069998888': () => {
        saved = saved.filter((b) => b.customerNumber !== '08069998888');
        return new Response(JSON.stringify(ok(null, 'Beneficiary removed')));
      },
    });
    const user = userEvent.setup();
    renderRoute(<BillsTab />, { path: '/pay/bills' });
    const mtn = await screen.findByRole('button', { name: 'MTN' });
    await user.click(mtn);
    expect(mtn).toHaveAttribute('aria-pressed', 'true');
    await user.click(await screen.findByRole('button', { name: 'Use 0803 111 2233' }));
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('0803 111 2233');

    await user.click(screen.getByRole('button', { name: 'Remove 0806 999 8888' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use 0806 999 8888' })).not.toBeInTheDocument());
    expect(calls(fetch, 'DELETE /api/bills/beneficiary/mtn-airtime/08069998888')).toHaveLength(1);
  });

  it('checks the meter, blocks an unknown one, and shows the token after paying', async () => {
    const complete = vi.fn(() => new Response(JSON.stringify(ok(receipt({ token: '1234-5678-9012-3456-7890' }), 'Payment successful'))));
    const { fetch, user } = await startElectricity('00000000000', { 'POST /api/transaction/api/v1/complete': complete });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this meter number. Check it and the distribution company.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    const meter = screen.getByRole('textbox', { name: 'Meter number' });
    await user.clear(meter);
    await user.type(meter, '45012345678');
    const dialog = await payElectricity(user);

    expect(await within(dialog).findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(within(dialog).getByText('Token')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Token')).toHaveTextContent('1234-5678-9012-3456-7890');
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();

    const [, init] = calls(fetch, 'POST /api/transaction/api/v1/initiate')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      type: 'electricity',
      billerId: 'ikedc',
      billerGroupId: 'electricity',
      packageId: 'prepaid',
      customerNumber: '45012345678',
      amount: 500_000,
    });
    const headers = (calls(fetch, 'POST /api/transaction/api/v1/complete')[0]![1]?.headers ?? {}) as Record<string, string>;
    expect(headers.transactionPin).toBe('2468');
    expect(headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows a failed vend as reversed with the reason and the money back', async () => {
    const reason = 'Ikeja Electric could not complete this purchase. Your money has been returned.';
    const { user } = await startElectricity('45012349999', {
      'POST /api/transaction/api/v1/complete': ok(
        receipt({
          status: 'reversed',
          failureReason: reason,
          counterparty: { id: null, name: 'Ikeja Electric', bankName: null, accountNumber: '45012349999' },
        }),
        reason,
      ),
    });
    const dialog = await payElectricity(user);
    expect(await within(dialog).findByRole('heading', { name: 'Payment reversed' })).toBeInTheDocument();
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(alert).toHaveTextContent('₦5,000.00 is back in your wallet.');
    expect(within(dialog).queryByText('Token')).not.toBeInTheDocument();
  });

  it('settles a pending purchase with Check status', async () => {
    const { user } = await startElectricity('45012347777', {
      'POST /api/transaction/api/v1/complete': ok(receipt({ status: 'pending' }), 'Payment is processing'),
      'GET /api/bills/bills/purchase-status/OWO-BILL-123456': ok(receipt({ token: '1111-2222-3333-4444-5555' }), 'Purchase status'),
    });
    const dialog = await payElectricity(user);
    expect(await within(dialog).findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check status' }));
    expect(await within(dialog).findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Token')).toHaveTextContent('1111-2222-3333-4444-5555');
  });

  const limit =
    'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦2,000.00 more today. ' +
    'Verify your BVN and NIN in Account › Limits and verification to raise it.';
  const refusal = () =>
    new Response(JSON.stringify({ status: false, message: limit, code: 'KYC_LIMIT' }), {
      status: 403,
      headers: { 'Content-Type': 'application/json' },
    });
  /** The toasts shown (sonner's list), given a moment to appear after the error did. */
  const toastTexts = async () => {
    await new Promise((r) => setTimeout(r, 100));
    return screen.getByRole('region', { name: /Notifications/ }).textContent ?? '';
  };

  it('shows a limit refused at the preview once, in the form with the way to raise it, and no toast', async () => {
    const { user } = await startElectricity('45012345678', { 'POST /api/transaction/api/v1/initiate': refusal });
    expect(await screen.findByRole('status')).toHaveTextContent('Grace Okafor');
    await user.type(screen.getByRole('textbox', { name: 'Amount (₦)' }), '5000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(limit);
    expect(within(alert).getByRole('link', { name: 'Verify your BVN' })).toHaveAttribute('href', '/account/limits/bvn');
    expect(screen.getAllByText(limit)).toHaveLength(1);
    expect(await toastTexts()).not.toContain('daily limit');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a limit refused after the PIN once, in the dialog, and no toast', async () => {
    const { user } = await startElectricity('45012345678', { 'POST /api/transaction/api/v1/complete': refusal });
    const dialog = await payElectricity(user);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    expect(screen.getAllByText(limit)).toHaveLength(1);
    expect(await toastTexts()).not.toContain('daily limit');
  });
});
