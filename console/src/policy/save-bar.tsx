// The policy page's one way to save: a bar that stays in view while the draft differs from the version
// in force, with how many changes it holds, "Review and save" and "Discard". The review lists each change
// as the version history will, says what the changes lower, and sends them all as one version; a save
// refused because someone else saved first keeps the draft and offers to reload it over their version.
import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { plural } from '../../../shared/plural.ts';
import { DialogForm } from '../ui/dialog-form';
import { describeChange } from './describe-change';
import { consequencesOf } from './change-consequences';
import { fieldName } from './field-errors';
import { PolicyConflict, useDetectorLabel } from './policy-queries';
import { usePolicyDraft } from './policy-draft';
import { ConflictNotice } from './conflict-notice';

export function SaveBar() {
  const { changes, discard } = usePolicyDraft();
  const [reviewing, setReviewing] = useState(false);
  // A save (or a reload, or Discard) that leaves nothing to save ends the review: the next change must
  // not open it again by itself.
  if (reviewing && changes.length === 0) setReviewing(false);
  const count = plural(changes.length, 'unsaved change');
  return (
    <>
      {changes.length > 0 && (
        <Paper
          role="region"
          aria-label="Unsaved policy changes"
          withBorder
          shadow="md"
          p="sm"
          // In the page's flow, so it hides nothing at the end; sticky, so it stays in view meanwhile.
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 100 }}
        >
          <Group justify="space-between" gap="sm">
            <Text fw={600} aria-live="polite">
              {count}
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={discard}>
                Discard
              </Button>
              <Button onClick={() => setReviewing(true)}>Review and save</Button>
            </Group>
          </Group>
        </Paper>
      )}
      <Modal
        opened={reviewing && changes.length > 0}
        onClose={() => setReviewing(false)}
        title={`Save ${count} as a new version`}
        size="lg"
      >
        <Review onClose={() => setReviewing(false)} />
      </Modal>
    </>
  );
}

function Review({ onClose }: { onClose(): void }) {
  const { loaded, draft, changes, saveAll, save, problem } = usePolicyDraft();
  const labelOf = useDetectorLabel();
  const consequences = consequencesOf(loaded.document, draft, labelOf);
  const error =
    save.error instanceof PolicyConflict
      ? null
      : problem
        ? new Error(
            `${fieldName(problem.error.path, problem.sent, labelOf)}: ${problem.error.problem} It is marked on the page.`,
          )
        : save.error;

  return (
    <DialogForm
      submit="Save version"
      color={consequences.some((c) => c.lowers) ? 'red' : undefined}
      ready
      mutation={{ isPending: save.isPending, error }}
      errorTitle="The version was not saved"
      onSubmit={saveAll}
      onCancel={onClose}
    >
      <List size="sm" spacing={4} aria-label="Changes to save">
        {changes.map((c, i) => (
          <List.Item key={i} style={{ wordBreak: 'break-word' }}>
            {describeChange(c, { before: loaded.document, after: draft }, labelOf)}
          </List.Item>
        ))}
      </List>
      {consequences.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            What changes for developers
          </Title>
          {consequences.map((c) => (
            <Alert key={c.title} color={c.lowers ? 'red' : 'blue'} title={c.title}>
              <Text size="sm">{c.body}</Text>
            </Alert>
          ))}
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        The version applies from the next request, and is recorded in the audit log and the version history
        under your name.
      </Text>
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}
