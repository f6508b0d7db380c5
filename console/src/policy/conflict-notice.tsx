// What a save that met someone else's change shows where it was made (a detector's card, a dialog), so
// that the admin sees it without scrolling: what happened, and the way on, reloading the policy. The
// edits being made stay where they are, to be saved again over the version now in force.
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { PolicyConflict, useReloadPolicy } from './policy-queries';

export function ConflictNotice({ error, onReloaded }: { error: unknown; onReloaded(): void }) {
  const reload = useReloadPolicy();
  const [reloading, setReloading] = useState(false);
  if (!(error instanceof PolicyConflict)) return null;
  return (
    <Alert color="orange" role="alert" title="Your change was not saved">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button
          size="xs"
          color="orange"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            void reload().finally(() => {
              setReloading(false);
              onReloaded();
            });
          }}
        >
          Reload the policy
        </Button>
      </Stack>
    </Alert>
  );
}

/** A save's state for DialogForm, whose own alert shows any error but a conflict (ConflictNotice does). */
export const unlessConflict = (m: { isPending: boolean; error: Error | null }) => ({
  isPending: m.isPending,
  error: m.error instanceof PolicyConflict ? null : m.error,
});
