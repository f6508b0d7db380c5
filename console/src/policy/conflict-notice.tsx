// What a save that met someone else's change shows in the review where it was made: what happened, and
// the way on, reloading the policy. The staged changes stay: the reload applies them again over the
// version now in force, to be reviewed and saved on top of it.
import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { PolicyConflict, useReloadPolicy } from './policy-queries';

export function ConflictNotice({ error, onReloaded }: { error: unknown; onReloaded(): void }) {
  const reload = useReloadPolicy();
  const [reloading, setReloading] = useState(false);
  if (!(error instanceof PolicyConflict)) return null;
  return (
    <Alert color="orange" role="alert" title="Your changes were not saved">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Text size="sm">Your changes stay staged: reloading applies them over the version in force now.</Text>
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
