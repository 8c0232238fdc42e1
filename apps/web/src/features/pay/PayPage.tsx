import { Suspense, lazy } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { KEEP_SCROLL } from '../../lib/keep-scroll';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import AddMoneyTab from './AddMoneyTab';
import BankTransferTab from './BankTransferTab';
import SendMoneyTab from './SendMoneyTab';
import SpendingLimitTab from './SpendingLimitTab';

// Bills is its own chunk: it is only loaded when the tab is opened.
const BillsTab = lazy(() => import('../bills'));

/** Spec: the Pay tabs, default 'sendMoney'. Each tab has its own path. */
export type PayTab = 'sendMoney' | 'toBank' | 'bills' | 'addMoney' | 'spendingLimit';

export const PAY_TABS = [
  { id: 'sendMoney', label: 'Send money', path: '/pay/send' },
  { id: 'toBank', label: 'To bank', path: '/pay/bank' },
  { id: 'bills', label: 'Bills', path: '/pay/bills' },
  { id: 'addMoney', label: 'Add money', path: '/pay/fund' },
  { id: 'spendingLimit', label: 'Spending limit', path: '/pay/limit' },
] as const satisfies ReadonlyArray<{ id: PayTab; label: string; path: string }>;

export const DEFAULT_PAY_TAB: PayTab = 'sendMoney';

export function tabForPath(pathname: string): PayTab {
  return PAY_TABS.find((t) => pathname.replace(/\/+$/, '') === t.path)?.id ?? DEFAULT_PAY_TAB;
}

export default function PayPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabForPath(pathname);
  return (
    <>
      <PageHeader title="Pay" />
      <Tabs
        label="Pay"
        tabs={PAY_TABS}
        value={tab}
        onChange={(id) => {
          const next = PAY_TABS.find((t) => t.id === id);
          if (next) void navigate(next.path, { replace: true, state: KEEP_SCROLL });
        }}
        className="mb-5"
        fit
      />
      <section role="tabpanel">
        {tab === 'sendMoney' ? (
          <SendMoneyTab />
        ) : tab === 'toBank' ? (
          <BankTransferTab />
        ) : tab === 'bills' ? (
          <Suspense fallback={<PageLoader />}>
            <BillsTab />
          </Suspense>
        ) : tab === 'addMoney' ? (
          <AddMoneyTab />
        ) : (
          <SpendingLimitTab />
        )}
      </section>
    </>
  );
}
