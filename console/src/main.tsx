import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import './ui/focus.css';
import './ui/fit.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
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

// A data router, for the policy page's question before leaving it with unsaved changes (useBlocker);
// the routes themselves stay in App, under one route that matches every path.
const router = createBrowserRouter(
  [
    {
      path: '*',
      element: (
        <SessionProvider>
          <App />
        </SessionProvider>
      ),
    },
  ],
  { basename: '/console' },
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto" getStyleNonce={() => nonce}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
