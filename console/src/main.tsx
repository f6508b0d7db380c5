import '@mantine/core/styles.css';
import './ui/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { MantineProvider, createTheme } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { SessionProvider } from './session/session-context';
import { cspNonce } from './csp-nonce';
import { App } from './app';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'sm' });
const nonce = cspNonce();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (signed out, forbidden, not found) will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} getStyleNonce={() => nonce}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/console">
          <SessionProvider>
            <App />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
