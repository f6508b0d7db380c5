// The console's routes. Every page but sign-in, setup, the invitee's accept page and the developer's
// device approval page needs an admin session; without one the page sends the admin to sign in and back.
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from './session/session-context';
import { Loading } from './ui/states';
import { SignInPage } from './session/sign-in-page';
import { SetupPage } from './setup/setup-page';
import { ConsoleShell } from './shell/console-shell';
import { OverviewPage } from './overview/overview-page';
import { CredentialsPage } from './credentials/credentials-page';
import { AuditPage } from './audit/audit-page';
import { ProviderKeysPage } from './provider-keys/provider-keys-page';
import { ActivityPage } from './activity/activity-page';
import { RiskFindingsPage } from './risk/risk-findings-page';
import { PolicyPage } from './policy/policy-page';
import { PeoplePage } from './people/people-page';
import { DevicesPage } from './devices/devices-page';
import { McpServersPage } from './mcp-servers/mcp-servers-page';
import { SlopsquatPage } from './slopsquat/slopsquat-page';
import { McpServerPage } from './mcp-servers/mcp-server-page';
import { LocalServerPage } from './mcp-servers/local-server-page';
import { AcceptPage } from './invitation/accept-page';
import { DeviceApprovalPage } from './developer/device-approval-page';
import { RetentionPage } from './retention/retention-page';
import { SiemPage } from './siem/siem-page';

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
        <Route index element={<Navigate to="/overview" replace />} />
        <Route path="/overview" element={<OverviewPage />} />
        <Route path="/credentials" element={<CredentialsPage />} />
        <Route path="/provider-keys" element={<ProviderKeysPage />} />
        <Route path="/mcp-servers" element={<McpServersPage />} />
        <Route path="/mcp-servers/:id" element={<McpServerPage />} />
        <Route path="/mcp-servers/local/:id" element={<LocalServerPage />} />
        <Route path="/activity" element={<ActivityPage />} />
        <Route path="/risk" element={<RiskFindingsPage />} />
        <Route path="/slopsquat" element={<SlopsquatPage />} />
        <Route path="/policy" element={<PolicyPage />} />
        <Route path="/people" element={<PeoplePage />} />
        <Route path="/devices" element={<DevicesPage />} />
        <Route path="/audit" element={<AuditPage />} />
        <Route path="/settings/retention" element={<RetentionPage />} />
        <Route path="/settings/siem" element={<SiemPage />} />
        <Route path="*" element={<Navigate to="/overview" replace />} />
      </Route>
    </Routes>
  );
}
