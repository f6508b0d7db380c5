// Add, edit or remove a tool the admin defines: its name, the id the activity shows, the user-agent
// pattern that recognises its requests, and its mode. Saving sends the whole loaded document with this
// tool added, replaced or left out; the API's problem with one of its fields is shown under that field.
import { useState } from 'react';
import { Modal, NativeSelect, Text, TextInput } from '@mantine/core';
import { DialogForm } from '../ui/dialog-form';
import { fieldError, toolFieldError } from './field-errors';
import { useSavePolicy, type LoadedPolicy } from './policy-queries';
import { ConflictNotice, unlessConflict } from './conflict-notice';
import {
  TOOL_MODE_LABEL,
  TOOL_MODE_MEANING,
  TOOL_MODE_OPTIONS,
  type ToolMode,
  type ToolSetting,
} from './tool-format';
import { ModeConsequence } from './mode-consequence';

/** `tool` null adds a tool; a tool edits it. */
export function ToolDialog(props: {
  opened: boolean;
  tool: ToolSetting | null;
  loaded: LoadedPolicy;
  onClose(): void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.tool ? `Edit the tool ${props.tool.name ?? props.tool.id}` : 'Add a tool'}
      size="lg"
    >
      {props.opened && <ToolForm tool={props.tool} loaded={props.loaded} onClose={props.onClose} />}
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

function ToolForm({
  tool,
  loaded,
  onClose,
}: {
  tool: ToolSetting | null;
  loaded: LoadedPolicy;
  onClose(): void;
}) {
  const save = useSavePolicy();
  const tools = loaded.document.tools ?? [];
  const [name, setName] = useState(tool?.name ?? '');
  const [id, setId] = useState(tool?.id ?? '');
  // Until the admin types an id of their own, a new tool's id follows its name.
  const [idTyped, setIdTyped] = useState(tool !== null);
  const [userAgent, setUserAgent] = useState(tool?.user_agent ?? '');
  const [mode, setMode] = useState<ToolMode>(tool?.mode ?? 'provider_key');

  // Where the tool sits in the document sent: its own place when edited, the end when added.
  const index = tool ? tools.findIndex((t) => t.id === tool.id) : tools.length;
  const problem = fieldError(save.error);
  const errorOf = (field: string) => toolFieldError(problem, index, field);
  const shownByField = ['id', 'name', 'user_agent'].some((f) => errorOf(f));
  // Removed by someone else, seen after a reload: saving would bring it back unasked.
  const gone = tool !== null && index < 0;
  const ready = !gone && name.trim() !== '' && id.trim() !== '' && userAgent !== '';

  function submit() {
    const next: ToolSetting = { id: id.trim(), name: name.trim(), user_agent: userAgent, mode };
    const list = tool ? tools.map((t, i) => (i === index ? next : t)) : [...tools, next];
    save.mutate({ document: { ...loaded.document, tools: list }, etag: loaded.etag }, { onSuccess: onClose });
  }

  return (
    <DialogForm
      submit={tool ? 'Save tool' : 'Add tool'}
      ready={ready}
      mutation={shownByField ? { isPending: save.isPending, error: null } : unlessConflict(save)}
      errorTitle="The tool was not saved"
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
          tool
            ? 'A tool keeps its id: the activity records requests under it. To change it, add a new tool and remove this one.'
            : 'Lower-case letters, digits and hyphens, such as acme-agent. The activity records the tool’s requests under it.'
        }
        required
        readOnly={tool !== null}
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
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}

/** Removing an admin-defined tool: what its requests become. */
export function RemoveToolForm({
  tool,
  loaded,
  onClose,
}: {
  tool: ToolSetting;
  loaded: LoadedPolicy;
  onClose(): void;
}) {
  const save = useSavePolicy();
  const tools = (loaded.document.tools ?? []).filter((t) => t.id !== tool.id);
  return (
    <DialogForm
      submit="Remove tool"
      color="red"
      ready
      mutation={unlessConflict(save)}
      errorTitle="The tool was not removed"
      onSubmit={() =>
        save.mutate({ document: { ...loaded.document, tools }, etag: loaded.etag }, { onSuccess: onClose })
      }
      onCancel={onClose}
    >
      <Text size="sm">
        From the next request, the Gateway no longer recognises <b>{tool.name ?? tool.id}</b>: its requests
        count as the built-in tool their user agent matches, in that tool&apos;s mode, or else as an unknown
        tool, in provider key mode. Past activity keeps its name, and the version history keeps the tool as it
        was.
      </Text>
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}
