// The tools the Gateway recognises by their user agent, and for each its mode: whether the Gateway sends
// the organisation's provider key (the default) or the tool its developer's own sign-in (subscription).
// The built-in tools are all listed; admins add their own (a name and a user-agent pattern). A mode
// chosen, a tool added, edited or removed is staged in the page's draft and saved with its other
// changes: the row is marked until then, and the review says what a mode change does for every developer
// using the tool before anything is saved.
import { useState } from 'react';
import { Badge, Button, Group, List, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { EmptyState } from '../ui/states';
import { RowActions } from '../ui/row-actions';
import { TableHead } from '../ui/table-head';
import { itemProblem, problemLine } from './field-errors';
import { differs, usePolicyDraft } from './policy-draft';
import { ToolDialog } from './tool-dialog';
import { UnsavedBadge } from './unsaved-badge';
import {
  BUILT_INS,
  SUBSCRIPTION_SETUP,
  TOOL_MODE_LABEL,
  TOOL_MODE_MEANING,
  TOOL_MODE_OPTIONS,
  isBuiltIn,
  modeOf,
  withMode,
  type ToolMode,
  type ToolSetting,
} from './tool-format';

export function ToolsSection({ canManage }: { canManage: boolean }) {
  const { loaded, draft, stage, unstage, problem: placed } = usePolicyDraft();
  const savedOwn = (loaded.document.tools ?? []).filter((t) => !isBuiltIn(t.id));
  const draftOwn = (draft.tools ?? []).filter((t) => !isBuiltIn(t.id));
  // Removed here but not saved yet: still listed, marked, with a way back.
  const own = [
    ...draftOwn.map((t) => ({ tool: t, removed: false })),
    ...savedOwn.filter((t) => !draftOwn.some((d) => d.id === t.id)).map((t) => ({ tool: t, removed: true })),
  ];
  const [editing, setEditing] = useState<{ tool: ToolSetting | null } | null>(null);

  function chooseMode(id: string, to: ToolMode) {
    const key = `tool-mode:${id}`;
    // A built-in tool back in its saved mode: no entry to add or change.
    if (isBuiltIn(id) && to === modeOf(loaded.document, id)) return unstage(key);
    stage(key, (d) => {
      // An own tool removed meanwhile (here or by someone else) gets no entry from its mode.
      if (isBuiltIn(id) || d.tools?.some((t) => t.id === id)) Object.assign(d, withMode(d, id, to));
    });
  }

  function remove(tool: ToolSetting) {
    const key = `tool:${tool.id}`;
    if (!savedOwn.some((t) => t.id === tool.id)) {
      unstage(`tool-mode:${tool.id}`);
      return unstage(key);
    }
    stage(key, (d) => void (d.tools = (d.tools ?? []).filter((t) => t.id !== tool.id)));
  }

  const modeCell = (id: string, name: string, removed = false) => {
    const mode = modeOf(draft, id);
    const staged = mode !== modeOf(loaded.document, id);
    return canManage && !removed ? (
      <Group gap={6} wrap="nowrap">
        <NativeSelect
          aria-label={`Mode of ${name}`}
          size="xs"
          value={mode}
          onChange={(e) => chooseMode(id, e.currentTarget.value as ToolMode)}
          data={TOOL_MODE_OPTIONS}
          w={150}
        />
        {staged && <UnsavedBadge />}
      </Group>
    ) : (
      <Badge variant="light" color={mode === 'subscription' ? 'violet' : 'gray'} tt="none">
        {TOOL_MODE_LABEL[mode]}
      </Badge>
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="policy-tools">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="policy-tools">
            Tools
          </Title>
          <Text size="sm" c="dimmed">
            The Gateway knows each request&apos;s tool by its user agent, and its mode says whose credential
            goes to the provider. The detectors and the activity apply in both.
          </Text>
        </div>
        <List size="sm" spacing={4}>
          <List.Item>
            <b>{TOOL_MODE_LABEL.provider_key}</b> (the default): {TOOL_MODE_MEANING.provider_key}
          </List.Item>
          <List.Item>
            <b>{TOOL_MODE_LABEL.subscription}</b>: {TOOL_MODE_MEANING.subscription} Developers set a tool up
            this way with <code>{SUBSCRIPTION_SETUP}</code>.
          </List.Item>
        </List>

        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Built-in tools">
            <TableHead columns={['Tool', 'User agent', 'Mode']} />
            <Table.Tbody>
              {BUILT_INS.map((t) => (
                <Table.Tr key={t.id} data-tool={t.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {t.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {t.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {t.userAgent}
                    </Text>
                  </Table.Td>
                  <Table.Td>{modeCell(t.id, t.name)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Group justify="space-between" align="flex-start" mt="sm">
          <div>
            <Title order={3} size="h5" id="policy-own-tools">
              Your tools
            </Title>
            <Text size="sm" c="dimmed">
              Tools the Gateway does not know, recognised by a user-agent pattern; tried in this order, before
              the built-in ones.
            </Text>
          </div>
          {canManage && (
            <Button size="xs" onClick={() => setEditing({ tool: null })}>
              Add tool
            </Button>
          )}
        </Group>
        {own.length === 0 ? (
          <EmptyState title="No tools of your own">
            {canManage
              ? 'Add one for an internal agent or a tool the list above does not name.'
              : 'An owner or admin adds them; you will see them here.'}
          </EmptyState>
        ) : (
          <Table.ScrollContainer minWidth={canManage ? 720 : 560}>
            <Table striped aria-label="Your tools">
              <TableHead columns={['Tool', 'User agent', 'Mode', canManage && 'Actions']} />
              <Table.Tbody>
                {own.map(({ tool: t, removed }) => {
                  const before = savedOwn.find((s) => s.id === t.id);
                  const { mode: _m, ...rest } = t;
                  const { mode: _b, ...restBefore } = before ?? t;
                  // A mode change is marked at the mode; the row's mark is for the rest of the tool.
                  const mark = removed
                    ? 'deleted, unsaved'
                    : !before
                      ? 'new, unsaved'
                      : differs(restBefore, rest)
                        ? 'unsaved'
                        : null;
                  const problem = itemProblem(placed, 'tool', t.id);
                  return (
                    <Table.Tr key={t.id} data-tool={t.id} data-state={removed ? 'deleted' : undefined}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text size="sm" fw={600} td={removed ? 'line-through' : undefined}>
                            {t.name ?? t.id}
                          </Text>
                          {mark && <UnsavedBadge what={mark} />}
                        </Group>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {t.id}
                        </Text>
                        {problem && (
                          <Text size="xs" c="red" role="alert">
                            {problemLine(problem)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td maw={320}>
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {t.user_agent}
                        </Text>
                      </Table.Td>
                      <Table.Td>{modeCell(t.id, t.name ?? t.id, removed)}</Table.Td>
                      {canManage && (
                        <Table.Td>
                          <RowActions
                            name={t.name ?? t.id}
                            actions={
                              removed
                                ? [{ label: 'Undo removing', onClick: () => unstage(`tool:${t.id}`) }]
                                : [
                                    { label: 'Edit', onClick: () => setEditing({ tool: t }) },
                                    { label: 'Remove', destructive: true, onClick: () => remove(t) },
                                  ]
                            }
                          />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {canManage && (
        <ToolDialog opened={editing !== null} tool={editing?.tool ?? null} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
