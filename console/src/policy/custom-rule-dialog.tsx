// Add or edit one custom rule: its name (the id the activity's signals show as custom:<name>), what it
// matches (keywords or a pattern), its action and severity. The dialog stages the rule in the page's
// draft and closes; the page saves it with its other changes. The API's problem with one of the rule's
// fields, from the last save, is shown under that field.
import { useState } from 'react';
import { Checkbox, Group, Modal, NativeSelect, Text, TextInput, Textarea } from '@mantine/core';
import type { Action, CustomRule, Severity } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { ACTION_OPTIONS, SEVERITY_ORDER } from './format';
import { itemProblem } from './field-errors';
import { usePolicyDraft } from './policy-draft';
import { STAGED_NOTE } from './staged-note';

/** `rule` null adds a rule; a rule edits it. */
export function CustomRuleDialog(props: { opened: boolean; rule: CustomRule | null; onClose(): void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.rule ? `Edit the rule ${props.rule.id}` : 'Add a custom rule'}
      size="lg"
    >
      {props.opened && <RuleForm rule={props.rule} onClose={props.onClose} />}
    </Modal>
  );
}

type MatchBy = 'keywords' | 'pattern';

const parseKeywords = (text: string) =>
  text
    .split('\n')
    .map((k) => k.trim())
    .filter(Boolean);

function RuleForm({ rule, onClose }: { rule: CustomRule | null; onClose(): void }) {
  const { loaded, draft, stage, unstage, problem: placed } = usePolicyDraft();
  const rules = draft.detectors.custom;
  // A rule staged but never saved may still be renamed: nothing refers to it yet.
  const saved = rule !== null && loaded.document.detectors.custom.some((r) => r.id === rule.id);
  const [id, setId] = useState(rule?.id ?? '');
  const [description, setDescription] = useState(rule?.description ?? '');
  const [matchBy, setMatchBy] = useState<MatchBy>(rule?.pattern !== undefined ? 'pattern' : 'keywords');
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [keywords, setKeywords] = useState((rule?.keywords ?? []).join('\n'));
  const [caseSensitive, setCaseSensitive] = useState(rule?.case_sensitive ?? false);
  const [action, setAction] = useState<Action>(rule?.action ?? 'block');
  const [severity, setSeverity] = useState<Severity>(rule?.severity ?? 'high');

  const problem = rule ? itemProblem(placed, 'rule', rule.id) : null;
  const taken = id.trim() !== rule?.id && rules.some((r) => r.id === id.trim());
  const errorOf = (field: string) =>
    field === 'id' && taken
      ? 'A rule of this name exists already.'
      : problem?.field === field
        ? problem.problem
        : undefined;
  // Deleted by someone else, seen after a reload: staging it would bring it back unasked.
  const gone = rule !== null && !rules.some((r) => r.id === rule.id);
  const ready =
    !gone &&
    !taken &&
    id.trim() !== '' &&
    (matchBy === 'pattern' ? pattern !== '' : parseKeywords(keywords).length > 0);

  function submit() {
    const next: CustomRule = {
      id: id.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(matchBy === 'pattern' ? { pattern } : { keywords: parseKeywords(keywords) }),
      // Kept as it was written when it was written: a false dropped would read as a change.
      ...(caseSensitive || rule?.case_sensitive !== undefined ? { case_sensitive: caseSensitive } : {}),
      action,
      severity,
    };
    if (rule && !saved && rule.id !== next.id) unstage(`rule:${rule.id}`);
    stage(`rule:${next.id}`, (d) => {
      const list = d.detectors.custom;
      const at = list.findIndex((r) => r.id === next.id);
      if (at >= 0) list[at] = next;
      // A saved rule edited here but deleted meanwhile by someone else stays deleted.
      else if (!saved) list.push(next);
    });
    onClose();
  }

  return (
    <DialogForm
      submit={rule ? 'Update rule' : 'Add rule'}
      ready={ready}
      mutation={{ isPending: false, error: null }}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        description={
          saved
            ? 'A rule keeps its name: the activity and risk findings refer to it. To rename it, add a new rule and delete this one.'
            : 'Lower-case letters, digits and hyphens, such as project-falcon. The activity shows it as custom:<name>.'
        }
        required
        readOnly={saved}
        maxLength={64}
        value={id}
        onChange={(e) => setId(e.currentTarget.value)}
        error={errorOf('id')}
        data-autofocus
      />
      <TextInput
        label="Description"
        placeholder="What it protects"
        maxLength={500}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errorOf('description')}
      />
      <NativeSelect
        label="Match by"
        value={matchBy}
        onChange={(e) => setMatchBy(e.currentTarget.value as MatchBy)}
        data={[
          { value: 'keywords', label: 'Keywords: whole words or phrases' },
          { value: 'pattern', label: 'Pattern: a regular expression' },
        ]}
      />
      {matchBy === 'keywords' ? (
        <Textarea
          label="Keywords"
          description="One per line: whole words or phrases, such as a project's code name."
          required
          autosize
          minRows={2}
          maxRows={8}
          spellCheck={false}
          value={keywords}
          onChange={(e) => setKeywords(e.currentTarget.value)}
          error={errorOf('keywords')}
        />
      ) : (
        <TextInput
          label="Pattern"
          description="A regular expression in JavaScript syntax, without slashes or flags; matched a line at a time."
          required
          maxLength={1000}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={pattern}
          onChange={(e) => setPattern(e.currentTarget.value)}
          error={errorOf('pattern')}
        />
      )}
      <Checkbox
        label="Case-sensitive"
        checked={caseSensitive}
        onChange={(e) => setCaseSensitive(e.currentTarget.checked)}
      />
      <Group grow align="flex-start">
        <NativeSelect
          label="Action"
          value={action}
          onChange={(e) => setAction(e.currentTarget.value as Action)}
          data={ACTION_OPTIONS}
        />
        <NativeSelect
          label="Severity"
          value={severity}
          onChange={(e) => setSeverity(e.currentTarget.value as Severity)}
          data={SEVERITY_ORDER.map((s) => ({ value: s, label: s }))}
        />
      </Group>
      {gone && (
        <Text size="sm" c="red">
          Someone else deleted this rule. Add it again if it is still needed.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {STAGED_NOTE}
      </Text>
    </DialogForm>
  );
}
