// Leaving the policy page with unsaved changes asks first: a link inside the console (React Router's
// blocker) with the console's own dialog, a reload or a closed tab with the browser's (beforeunload),
// which is all a page may do there.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { plural } from '../../../shared/plural.ts';

export function LeaveGuard({ unsaved }: { unsaved: number }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (unsaved === 0) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  // Saved or discarded meanwhile (another tab cannot, but a save in flight can): nothing to ask.
  useEffect(() => {
    if (blocker.state === 'blocked' && unsaved === 0) blocker.proceed();
  }, [blocker, unsaved]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave the policy without saving?"
    >
      <Stack>
        <Text size="sm">
          {plural(unsaved, 'unsaved change')} to the policy will be lost. To keep them, stay and review and
          save them.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
