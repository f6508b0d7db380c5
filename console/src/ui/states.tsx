// The three states every page shows besides its content: loading, an error with a way to retry, and
// an empty state that says what to do next.
import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';

export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text ml="sm" c="dimmed">
        {label}
      </Text>
    </Center>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert color="red" title="Could not load this page" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={600}>{title}</Text>
      <Text c="dimmed" size="sm" ta="center" maw={480}>
        {children}
      </Text>
    </Stack>
  );
}
