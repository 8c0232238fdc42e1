import { Navigate, Route, Routes } from 'react-router';
import { PageLoader } from '@web/ui/Spinner';
import { Shell } from './Shell';
import { AuditPage } from './pages/AuditPage';
import { CustomerPage } from './pages/CustomerPage';
import { CustomersPage } from './pages/CustomersPage';
import { DisputesPage } from './pages/DisputesPage';
import { EnrollPage } from './pages/EnrollPage';
import { HealthPage } from './pages/HealthPage';
import { LoginPage } from './pages/LoginPage';
import { KycReviewPage } from './pages/KycReviewPage';
import { ModerationPage } from './pages/ModerationPage';
import { MoneyPage } from './pages/MoneyPage';
import { ReconciliationPage } from './pages/ReconciliationPage';
import { StaffPage } from './pages/StaffPage';
import { can, useMe, useToken } from './session';
import { NAV } from './nav';

/** The first page this person's role may open. */
function Home() {
  const me = useMe();
  if (me.isPending) return <PageLoader label="Loading the console" />;
  const first = NAV.find((n) => can(me.data, n.action));
  return first ? <Navigate to={first.to} replace /> : <NothingYet />;
}

function NothingYet() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold">Nothing to do here yet</h1>
      <p className="mt-2 text-muted">Your role has no pages in the console yet.</p>
    </div>
  );
}

function SignedIn({ children }: { children: React.ReactNode }) {
  return useToken() ? <>{children}</> : <Navigate to="/login" replace />;
}

export function App() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/enroll" element={<EnrollPage />} />
      <Route
        element={
          <SignedIn>
            <Shell />
          </SignedIn>
        }
      >
        <Route index element={<Home />} />
        <Route path="customers" element={<CustomersPage />} />
        <Route path="customers/:id" element={<CustomerPage />} />
        <Route path="money" element={<MoneyPage />} />
        <Route path="reconciliation" element={<ReconciliationPage />} />
        <Route path="disputes" element={<DisputesPage />} />
        <Route path="moderation" element={<ModerationPage />} />
        <Route path="kyc" element={<KycReviewPage />} />
        <Route path="staff" element={<StaffPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="health" element={<HealthPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
