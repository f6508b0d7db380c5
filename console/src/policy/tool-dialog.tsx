// Add or edit a tool the admin defines: its name, the id the activity shows, the user-agent pattern that
// recognises its requests, and its mode. The dialog stages the tool in the page's draft and closes; the
// page saves it with its other changes. The API's problem with one of its fields, from the last save, is
// shown under that field.
import { useState } from 'react';
import { Modal, NativeSelect, Text, TextInput } from '@mantine/core';
import { DialogForm } from '../ui/dialog-form';
import { itemProblem } from './field-errors';
import { usePolicyDraft } from './policy-draft';
import { STAGED_NOTE } from './staged-note';
import {
  TOOL_MODE_LABEL,
  TOOL_MODE_MEANING,
  TOOL_MODE_OPTIONS,
  type ToolMode,
  type ToolSetting,
} from './tool-format';
import { ModeConsequence } from './mode-consequence';

/** `tool` null adds a tool; a tool edits it. */
export function ToolDialog(props: { opened: boolean; tool: ToolSetting | null; onClose(): void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.tool ? `Edit the tool ${props.tool.name ?? props.tool.id}` : 'Add a tool'}
      size="lg"
    >
      {props.opened && <ToolForm tool={props.tool} onClose={props.onClose} />}
    </Modal>
  );
}

/** An id the API accepts, from the name typed: lower-case letters, digits and hyphens. */
const idFrom = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);

function ToolForm({ tool, onClose }: { tool: ToolSetting | null; onClose(): void }) {
  const { loaded, draft, stage, unstage, problem: placed } = usePolicyDraft();
  const tools = draft.tools ?? [];
  // A tool staged but never saved may still change its id: nothing is recorded under it yet.
  const saved = tool !== null && (loaded.document.tools ?? []).some((t) => t.id === tool.id);
  const [name, setName] = useState(tool?.name ?? '');
  const [id, setId] = useState(tool?.id ?? '');
  // Until the admin types an id of their own, a new tool's id follows its name.
  const [idTyped, setIdTyped] = useState(saved);
  const [userAgent, setUserAgent] = useState(tool?.user_agent ?? '');
  const [mode, setMode] = useState<ToolMode>(tool?.mode ?? 'provider_key');

  const problem = tool ? itemProblem(placed, 'tool', tool.id) : null;
  const taken = id.trim() !== tool?.id && tools.some((t) => t.id === id.trim());
  const errorOf = (field: string) =>
    field === 'id' && taken
      ? 'A tool with this id exists already.'
      : problem?.field === field
        ? problem.problem
        : undefined;
  // Removed by someone else, seen after a reload: staging it would bring it back unasked.
  const gone = tool !== null && !tools.some((t) => t.id === tool.id);
  const ready = !gone && !taken && name.trim() !== '' && id.trim() !== '' && userAgent !== '';

  function submit() {
    const next: ToolSetting = { id: id.trim(), name: name.trim(), user_agent: userAgent, mode };
    if (tool && !saved && tool.id !== next.id) {
      unstage(`tool:${tool.id}`);
      unstage(`tool-mode:${tool.id}`);
    }
    // The dialog's mode is the tool's mode: a mode chosen in the row before is part of it now.
    unstage(`tool-mode:${next.id}`);
    stage(`tool:${next.id}`, (d) => {
      const list = d.tools ?? [];
      const at = list.findIndex((t) => t.id === next.id);
      if (at >= 0) list[at] = next;
      // A saved tool edited here but removed meanwhile by someone else stays removed.
      else if (!saved) list.push(next);
      d.tools = list;
    });
    onClose();
  }

  return (
    <DialogForm
      submit={tool ? 'Update tool' : 'Add tool'}
      ready={ready}
      mutation={{ isPending: false, error: null }}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        description="As people read it in the activity, such as Acme Agent."
        required
        maxLength={100}
        value={name}
        onChange={(e) => {
          const typed = e.currentTarget.value;
          setName(typed);
          if (!idTyped) setId(idFrom(typed));
        }}
        error={errorOf('name')}
        data-autofocus
      />
      <TextInput
        label="Id"
        description={
          saved
            ? 'A tool keeps its id: the activity records requests under it. To change it, add a new tool and remove this one.'
            : 'Lower-case letters, digits and hyphens, such as acme-agent. The activity records the tool’s requests under it.'
        }
        required
        readOnly={saved}
        maxLength={64}
        spellCheck={false}
        value={id}
        onChange={(e) => {
          setId(e.currentTarget.value);
          setIdTyped(true);
        }}
        error={errorOf('id')}
      />
      <TextInput
        label="User-agent pattern"
        description="A regular expression in JavaScript syntax, without slashes, that the User-Agent header of the tool’s requests matches, such as ^acme-agent/. Case is ignored; your tools are tried before the built-in ones."
        required
        maxLength={1000}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={userAgent}
        onChange={(e) => setUserAgent(e.currentTarget.value)}
        error={errorOf('user_agent')}
      />
      <NativeSelect
        label="Mode"
        description={TOOL_MODE_MEANING[mode]}
        value={mode}
        onChange={(e) => setMode(e.currentTarget.value as ToolMode)}
        data={TOOL_MODE_OPTIONS}
        error={errorOf('mode')}
      />
      {tool && mode !== tool.mode && (
        <Text size="sm" component="div">
          <b>
            {TOOL_MODE_LABEL[tool.mode]} → {TOOL_MODE_LABEL[mode]}.
          </b>{' '}
          <ModeConsequence name={name.trim() || tool.id} to={mode} />
        </Text>
      )}
      {gone && (
        <Text size="sm" c="red">
          Someone else removed this tool. Add it again if it is still needed.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {STAGED_NOTE}
      </Text>
    </DialogForm>
  );
}
