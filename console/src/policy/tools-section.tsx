// The tools the Gateway recognises by their user agent, and for each its mode: whether the Gateway sends
// the organisation's provider key (the default) or the tool its developer's own sign-in (subscription).
// The built-in tools are all listed; admins add their own (a name and a user-agent pattern). Choosing
// another mode only asks, as enforcement does: the confirmation says what changes for every developer
// using the tool before anything is saved.
import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DialogForm } from '../ui/dialog-form';
import { EmptyState } from '../ui/states';
import { RowActions } from '../ui/row-actions';
import { TableHead } from '../ui/table-head';
import { useSavePolicy, type LoadedPolicy } from './policy-queries';
import { ConflictNotice, unlessConflict } from './conflict-notice';
import { ModeConsequence } from './mode-consequence';
import { RemoveToolForm, ToolDialog } from './tool-dialog';
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

interface ModeChange {
  id: string;
  name: string;
  to: ToolMode;
}

export function ToolsSection({ loaded, canManage }: { loaded: LoadedPolicy; canManage: boolean }) {
  const doc = loaded.document;
  const own = (doc.tools ?? []).filter((t) => !isBuiltIn(t.id));
  const [asked, setAsked] = useState<ModeChange | null>(null);
  const [editing, setEditing] = useState<{ tool: ToolSetting | null } | null>(null);
  const [removing, setRemoving] = useState<ToolSetting | null>(null);

  const modeCell = (id: string, name: string) => {
    const mode = modeOf(doc, id);
    return canManage ? (
      <NativeSelect
        aria-label={`Mode of ${name}`}
        size="xs"
        value={mode}
        onChange={(e) => {
          const to = e.currentTarget.value as ToolMode;
          if (to !== mode) setAsked({ id, name, to });
        }}
        data={TOOL_MODE_OPTIONS}
        w={150}
      />
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
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
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
                {own.map((t) => (
                  <Table.Tr key={t.id} data-tool={t.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {t.name ?? t.id}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {t.id}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={320}>
                      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {t.user_agent}
                      </Text>
                    </Table.Td>
                    <Table.Td>{modeCell(t.id, t.name ?? t.id)}</Table.Td>
                    {canManage && (
                      <Table.Td>
                        <RowActions
                          name={t.name ?? t.id}
                          actions={[
                            { label: 'Edit', onClick: () => setEditing({ tool: t }) },
                            { label: 'Remove', destructive: true, onClick: () => setRemoving(t) },
                          ]}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {canManage && (
        <>
          <Modal
            // Closes too when a reload shows the mode asked for already in force.
            opened={asked !== null && asked.to !== modeOf(doc, asked.id)}
            onClose={() => setAsked(null)}
            title={asked ? `Switch ${asked.name} to ${TOOL_MODE_LABEL[asked.to].toLowerCase()} mode?` : ''}
          >
            {asked && <ConfirmModeForm loaded={loaded} change={asked} onClose={() => setAsked(null)} />}
          </Modal>
          <ToolDialog
            opened={editing !== null}
            tool={editing?.tool ?? null}
            loaded={loaded}
            onClose={() => setEditing(null)}
          />
          <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove the tool">
            {removing && <RemoveToolForm tool={removing} loaded={loaded} onClose={() => setRemoving(null)} />}
          </Modal>
        </>
      )}
    </Paper>
  );
}

function ConfirmModeForm({
  loaded,
  change,
  onClose,
}: {
  loaded: LoadedPolicy;
  change: ModeChange;
  onClose(): void;
}) {
  const save = useSavePolicy();
  return (
    <DialogForm
      submit={`Switch to ${TOOL_MODE_LABEL[change.to].toLowerCase()}`}
      ready
      mutation={unlessConflict(save)}
      errorTitle="The mode was not changed"
      onSubmit={() =>
        save.mutate(
          { document: withMode(loaded.document, change.id, change.to), etag: loaded.etag },
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    >
      <Text size="sm">
        <ModeConsequence name={change.name} to={change.to} />
      </Text>
      <Text size="sm">The change is recorded in the audit log and kept as a version of the policy.</Text>
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}
