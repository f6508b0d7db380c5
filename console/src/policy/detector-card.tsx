// One built-in detector (secrets, personal data): its action and its allowlist. Changes gather in the
// card until "Save changes", which sends the loaded document with this detector's settings replaced, so
// that an unsaved change in another card is never sent along unseen.
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { Action, ActionDetector, DetectorSettings } from '../api/client';
import { ACTION_LABEL, ACTION_MEANING, ACTION_OPTIONS } from './format';
import { fieldError, fieldName } from './field-errors';
import {
  PolicyConflict,
  useDetectorLabel,
  useDetectors,
  useSavePolicy,
  type LoadedPolicy,
} from './policy-queries';
import { AllowlistEditor } from './allowlist-editor';
import { ConflictNotice } from './conflict-notice';

export function DetectorCard(props: { detector: ActionDetector; loaded: LoadedPolicy; canManage: boolean }) {
  const { detector, loaded, canManage } = props;
  const saved = loaded.document.detectors[detector];
  const [draft, setDraft] = useState<DetectorSettings>(saved);
  const save = useSavePolicy();
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const labelOf = useDetectorLabel();
  const label = labelOf(detector);
  const meaning = useDetectors().data?.find((d) => d.id === detector)?.description;
  const headingId = `detector-${detector}`;

  const problem = fieldError(save.error);
  const prefix = `detectors.${detector}.allowlist[`;
  const entryErrors: Record<number, string> = {};
  if (problem?.path.startsWith(prefix))
    entryErrors[parseInt(problem.path.slice(prefix.length), 10)] = problem.problem;

  function submit() {
    const document = { ...loaded.document, detectors: { ...loaded.document.detectors, [detector]: draft } };
    save.mutate({ document, etag: loaded.etag });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {label}
          </Title>
          <Text size="sm" c="dimmed">
            {meaning}
          </Text>
        </div>
        {canManage ? (
          <NativeSelect
            label="Action"
            description="What the Gateway does with a match in a request or an answer."
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.currentTarget.value as Action })}
            data={ACTION_OPTIONS}
            maw={560}
          />
        ) : (
          <Text size="sm">
            Action: <b>{ACTION_LABEL[saved.action]}</b> ({ACTION_MEANING[saved.action]})
          </Text>
        )}
        <Text size="sm" fw={600}>
          Allowlist
        </Text>
        <AllowlistEditor
          label={`${label} allowlist`}
          entries={draft.allowlist}
          canManage={canManage}
          errors={entryErrors}
          onChange={(allowlist) => setDraft({ ...draft, allowlist })}
        />
        {save.error && Object.keys(entryErrors).length === 0 && !(save.error instanceof PolicyConflict) && (
          <Alert color="red" role="alert" title={`${label} settings were not saved`}>
            {problem
              ? `${fieldName(problem.path, loaded.document, labelOf)}: ${problem.problem}`
              : save.error.message}
          </Alert>
        )}
        <ConflictNotice error={save.error} onReloaded={save.reset} />
        {canManage && dirty && (
          <Group justify="flex-end">
            <Text size="sm" c="dimmed" mr="auto">
              Unsaved changes to {label.toLowerCase()}.
            </Text>
            <Button
              variant="default"
              onClick={() => {
                setDraft(saved);
                save.reset();
              }}
            >
              Discard
            </Button>
            <Button
              loading={save.isPending}
              onClick={submit}
              aria-label={`Save ${label.toLowerCase()} settings`}
            >
              Save changes
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
