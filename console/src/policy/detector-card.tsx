// One built-in detector (secrets, personal data, slopsquatting): its action and its allowlist, and for
// slopsquatting its young window and lookup deadline. Each change is staged in the page's draft and
// saved with the page's other changes; the card is marked while it holds one.
import { Alert, Group, NativeSelect, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import type { Action, ActionDetector, AllowEntry, DetectorSettings, SlopsquatSettings } from '../api/client';
import { ACTION_LABEL, ACTION_MEANING, ACTION_OPTIONS, SLOPSQUAT_ACTION_OPTIONS } from './format';
import { detectorProblem } from './field-errors';
import { useDetectorLabel, useDetectors } from './policy-queries';
import { differs, usePolicyDraft } from './policy-draft';
import { AllowlistEditor, entryKey } from './allowlist-editor';
import { UnsavedBadge } from './unsaved-badge';

type CardDetector = ActionDetector | 'slopsquat';
type CardSettings = DetectorSettings | SlopsquatSettings;

/** The fields whose problem is shown under them; any other is said in an alert at the card's end. */
const AT_A_FIELD = new Set(['allowlist', 'young_days', 'deadline_ms']);

export function DetectorCard(props: { detector: CardDetector; canManage: boolean }) {
  const { detector, canManage } = props;
  const { loaded, draft, stage, unstage, problem: placed } = usePolicyDraft();
  const saved: CardSettings = loaded.document.detectors[detector];
  const shown: CardSettings = draft.detectors[detector];
  const packages = detector === 'slopsquat';
  const label = useDetectorLabel()(detector);
  const meaning = useDetectors().data?.find((d) => d.id === detector)?.description;
  const headingId = `detector-${detector}`;

  const problem = detectorProblem(placed, detector);
  const entryErrors: Record<string, string> = {};
  if (problem?.entry !== undefined) entryErrors[problem.entry] = problem.problem;

  /** Stages one field; choosing the saved value again takes the change back. */
  function setField<K extends string>(field: K, value: unknown) {
    const key = `detector:${detector}:${field}`;
    if (!differs((saved as unknown as Record<string, unknown>)[field], value)) return unstage(key);
    stage(key, (d) => {
      const settings = d.detectors[detector] as unknown as Record<string, unknown>;
      if (value === undefined) delete settings[field];
      else settings[field] = value;
    });
  }

  // An entry added or removed is its own edit, so that one added here and one someone else added
  // meanwhile both stay after a reload.
  function setEntry(entry: AllowEntry, present: boolean) {
    const key = `detector:${detector}:allow:${entryKey(entry)}`;
    const inSaved = saved.allowlist.some((e) => entryKey(e) === entryKey(entry));
    if (inSaved === present) return unstage(key);
    stage(key, (d) => {
      const settings = d.detectors[detector];
      const rest = settings.allowlist.filter((e) => entryKey(e) !== entryKey(entry));
      settings.allowlist = present ? [...rest, entry] : rest;
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Group gap="xs">
            <Title order={3} size="h5" id={headingId}>
              {label}
            </Title>
            {differs(saved, shown) && <UnsavedBadge />}
          </Group>
          <Text size="sm" c="dimmed">
            {meaning}
          </Text>
        </div>
        {canManage ? (
          <NativeSelect
            label="Action"
            description={
              packages
                ? 'What the Gateway does with an agent’s tool call that would install a suspect package; in prose it only records.'
                : 'What the Gateway does with a match in a request or an answer.'
            }
            value={shown.action}
            onChange={(e) => setField('action', e.currentTarget.value as Action)}
            data={packages ? SLOPSQUAT_ACTION_OPTIONS : ACTION_OPTIONS}
            maw={560}
          />
        ) : (
          <Text size="sm">
            Action: <b>{ACTION_LABEL[saved.action]}</b>
            {packages ? '' : ` (${ACTION_MEANING[saved.action]})`}
          </Text>
        )}
        {'young_days' in shown && (
          <SlopsquatFields
            draft={shown}
            canManage={canManage}
            onChange={setField}
            problem={problem ?? undefined}
          />
        )}
        <Text size="sm" fw={600}>
          {packages ? 'Allowlist (package names never looked up: your own)' : 'Allowlist'}
        </Text>
        <AllowlistEditor
          label={`${label} allowlist`}
          entries={shown.allowlist}
          saved={saved.allowlist}
          canManage={canManage}
          errors={entryErrors}
          onAdd={(e) => setEntry(e, true)}
          onRemove={(e) => setEntry(e, false)}
        />
        {problem && !AT_A_FIELD.has(problem.field) && (
          <Alert color="red" role="alert" title={`${label} settings were not saved`}>
            {problem.field}: {problem.problem}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The slopsquat detector's own settings: how young is too young, and how long a tool call may wait. */
function SlopsquatFields(props: {
  draft: SlopsquatSettings;
  canManage: boolean;
  onChange(field: 'young_days' | 'deadline_ms', value: number | undefined): void;
  problem: { field: string; problem: string } | undefined;
}) {
  const { draft, canManage, onChange, problem } = props;
  if (!canManage)
    return (
      <Text size="sm">
        Young: first published within <b>{draft.young_days}</b> days. Lookups wait at most{' '}
        <b>{draft.deadline_ms === undefined ? 'the default (2,000 ms)' : `${draft.deadline_ms} ms`}</b>.
      </Text>
    );
  return (
    <Group align="flex-start">
      <NumberInput
        label="Young window (days)"
        description="A package first published this recently is treated as suspect (0: never)."
        value={draft.young_days}
        min={0}
        max={365}
        allowDecimal={false}
        onChange={(v) => onChange('young_days', typeof v === 'number' ? v : 0)}
        error={problem?.field === 'young_days' ? problem.problem : undefined}
        maw={270}
      />
      <NumberInput
        label="Lookup deadline (ms)"
        description="The longest a tool call waits for the registries; empty: the default."
        value={draft.deadline_ms ?? ''}
        min={50}
        max={10_000}
        allowDecimal={false}
        onChange={(v) => onChange('deadline_ms', typeof v === 'number' ? v : undefined)}
        error={problem?.field === 'deadline_ms' ? problem.problem : undefined}
        maw={270}
      />
    </Group>
  );
}
