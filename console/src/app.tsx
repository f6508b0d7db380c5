// The console's routes. Every page but sign-in, setup, the invitee's accept page and the developer's
// device approval page needs an admin session; without one the page sends the admin to sign in and back.
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from './session/session-context';
import { Loading } from './ui/states';
import { SignInPage } from './session/sign-in-page';
import { SetupPage } from './setup/setup-page';
import { ConsoleShell } from './shell/console-shell';
import { CredentialsPage } from './credentials/credentials-page';
import { AuditPage } from './audit/audit-page';
import { ProviderKeysPage } from './provider-keys/provider-keys-page';
import { ActivityPage } from './activity/activity-page';
import { RiskFindingsPage } from './risk/risk-findings-page';
import { PolicyPage } from './policy/policy-page';
import { PeoplePage } from './people/people-page';
import { DevicesPage } from './devices/devices-page';
import { AcceptPage } from './invitation/accept-page';
import { DeviceApprovalPage } from './developer/device-approval-page';

function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <Loading label="Checking your session…" />;
  if (state.status === 'signed-out') {
    return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  }
  return children;
}

export function App() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/accept" element={<AcceptPage />} />
      <Route path="/device" element={<DeviceApprovalPage />} />
      <Route
        element={
          <RequireSession>
            <ConsoleShell />
          </RequireSession>
        }
      >
        <Route index element={<Navigate to="/credentials" replace />} />
        <Route path="/credentials" element={<CredentialsPage />} />
        <Route path="/provider-keys" element={<ProviderKeysPage />} />
        <Route path="/activity" element={<ActivityPage />} />
        <Route path="/risk" element={<RiskFindingsPage />} />
        <Route path="/policy" element={<PolicyPage />} />
        <Route path="/people" element={<PeoplePage />} />
        <Route path="/devices" element={<DevicesPage />} />
        <Route path="/audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="/credentials" replace />} />
      </Route>
    </Routes>
  );
}
