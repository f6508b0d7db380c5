// Add or edit one custom rule: its name (the id the activity's signals show as custom:<name>), what it
// matches (keywords or a pattern), its action and severity. Saving sends the whole loaded document with
// this rule added or replaced; the API's problem with one of the rule's fields is shown under that field.
import { useState } from 'react';
import { Checkbox, Group, Modal, NativeSelect, Text, TextInput, Textarea } from '@mantine/core';
import type { Action, CustomRule, Severity } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { ACTION_OPTIONS, SEVERITY_ORDER } from './format';
import { fieldError, ruleFieldError } from './field-errors';
import { useSavePolicy, type LoadedPolicy } from './policy-queries';
import { ConflictNotice, unlessConflict } from './conflict-notice';

/** `rule` null adds a rule; a rule edits it. */
export function CustomRuleDialog(props: {
  opened: boolean;
  rule: CustomRule | null;
  loaded: LoadedPolicy;
  onClose(): void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.rule ? `Edit the rule ${props.rule.id}` : 'Add a custom rule'}
      size="lg"
    >
      {props.opened && <RuleForm rule={props.rule} loaded={props.loaded} onClose={props.onClose} />}
    </Modal>
  );
}

type MatchBy = 'keywords' | 'pattern';

const parseKeywords = (text: string) =>
  text
    .split('\n')
    .map((k) => k.trim())
    .filter(Boolean);

function RuleForm({
  rule,
  loaded,
  onClose,
}: {
  rule: CustomRule | null;
  loaded: LoadedPolicy;
  onClose(): void;
}) {
  const save = useSavePolicy();
  const rules = loaded.document.detectors.custom;
  const [id, setId] = useState(rule?.id ?? '');
  const [description, setDescription] = useState(rule?.description ?? '');
  const [matchBy, setMatchBy] = useState<MatchBy>(rule?.pattern !== undefined ? 'pattern' : 'keywords');
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [keywords, setKeywords] = useState((rule?.keywords ?? []).join('\n'));
  const [caseSensitive, setCaseSensitive] = useState(rule?.case_sensitive ?? false);
  const [action, setAction] = useState<Action>(rule?.action ?? 'block');
  const [severity, setSeverity] = useState<Severity>(rule?.severity ?? 'high');

  // Where the rule sits in the document sent: its own place when edited, the end when added.
  const index = rule ? rules.findIndex((r) => r.id === rule.id) : rules.length;
  const problem = fieldError(save.error);
  const errorOf = (field: string) => ruleFieldError(problem, index, field);
  const shownByField = ['id', 'description', 'pattern', 'keywords'].some((f) => errorOf(f));
  // Deleted by someone else, seen after a reload: saving would bring it back unasked.
  const gone = rule !== null && index < 0;
  const ready =
    !gone &&
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
    const custom = rule ? rules.map((r, i) => (i === index ? next : r)) : [...rules, next];
    const document = { ...loaded.document, detectors: { ...loaded.document.detectors, custom } };
    save.mutate({ document, etag: loaded.etag }, { onSuccess: onClose });
  }

  return (
    <DialogForm
      submit={rule ? 'Save rule' : 'Add rule'}
      ready={ready}
      mutation={shownByField ? { isPending: save.isPending, error: null } : unlessConflict(save)}
      errorTitle="The rule was not saved"
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        description={
          rule
            ? 'A rule keeps its name: the activity and risk findings refer to it. To rename it, add a new rule and delete this one.'
            : 'Lower-case letters, digits and hyphens, such as project-falcon. The activity shows it as custom:<name>.'
        }
        required
        readOnly={rule !== null}
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
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}
