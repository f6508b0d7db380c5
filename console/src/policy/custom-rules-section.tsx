// The organisation's own rules: a table of what each matches, its action and severity, and for admins
// add, edit and delete. Each of these is saved at once, as its own version of the policy.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomRule } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { EmptyState } from '../ui/states';
import { RowActions } from '../ui/row-actions';
import { TableHead } from '../ui/table-head';
import { ACTION_LABEL, SEVERITY_COLOR } from './format';
import { useDetectorLabel, useSavePolicy, type LoadedPolicy } from './policy-queries';
import { CustomRuleDialog } from './custom-rule-dialog';
import { ConflictNotice, unlessConflict } from './conflict-notice';

export function CustomRulesSection({ loaded, canManage }: { loaded: LoadedPolicy; canManage: boolean }) {
  const rules = loaded.document.detectors.custom;
  const label = useDetectorLabel()('custom');
  const [editing, setEditing] = useState<{ rule: CustomRule | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomRule | null>(null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="detector-custom">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h5" id="detector-custom">
              {label}
            </Title>
            <Text size="sm" c="dimmed">
              Your own keywords and patterns: project code names, internal host names, customer identifiers.
            </Text>
          </div>
          {canManage && (
            <Button size="xs" onClick={() => setEditing({ rule: null })}>
              Add rule
            </Button>
          )}
        </Group>
        {rules.length === 0 ? (
          <EmptyState title="No custom rules">
            {canManage
              ? 'Add one for words or values that must not leave the organisation.'
              : 'An owner or admin adds them; you will see them here.'}
          </EmptyState>
        ) : (
          <RuleTable
            rules={rules}
            canManage={canManage}
            onEdit={(rule) => setEditing({ rule })}
            onDelete={setDeleting}
          />
        )}
      </Stack>
      {canManage && (
        <>
          <CustomRuleDialog
            opened={editing !== null}
            rule={editing?.rule ?? null}
            loaded={loaded}
            onClose={() => setEditing(null)}
          />
          <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete the custom rule">
            {deleting && <DeleteForm rule={deleting} loaded={loaded} onClose={() => setDeleting(null)} />}
          </Modal>
        </>
      )}
    </Paper>
  );
}

function RuleTable(props: {
  rules: CustomRule[];
  canManage: boolean;
  onEdit(r: CustomRule): void;
  onDelete(r: CustomRule): void;
}) {
  return (
    <Table.ScrollContainer minWidth={props.canManage ? 760 : 600}>
      <Table striped aria-label="Custom rules">
        <TableHead columns={['Name', 'Matches', 'Action', 'Severity', props.canManage && 'Actions']} />
        <Table.Tbody>
          {props.rules.map((r) => (
            <Table.Tr key={r.id} data-rule={r.id}>
              <Table.Td>
                <Text size="sm" fw={600} ff="monospace">
                  {r.id}
                </Text>
                {r.description && (
                  <Text size="xs" c="dimmed">
                    {r.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={360}>
                <Matches rule={r} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{ACTION_LABEL[r.action]}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={SEVERITY_COLOR[r.severity]} variant="light">
                  {r.severity}
                </Badge>
              </Table.Td>
              {props.canManage && (
                <Table.Td>
                  <RowActions
                    name={r.id}
                    actions={[
                      { label: 'Edit', onClick: () => props.onEdit(r) },
                      { label: 'Delete', destructive: true, onClick: () => props.onDelete(r) },
                    ]}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Matches({ rule }: { rule: CustomRule }) {
  const how = rule.case_sensitive ? ' (case-sensitive)' : '';
  if (rule.pattern !== undefined)
    return (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        Pattern{how}: <code>{rule.pattern}</code>
      </Text>
    );
  return (
    <Text size="sm">
      Keywords{how}: {(rule.keywords ?? []).map((k) => `“${k}”`).join(', ')}
    </Text>
  );
}

function DeleteForm({ rule, loaded, onClose }: { rule: CustomRule; loaded: LoadedPolicy; onClose(): void }) {
  const save = useSavePolicy();
  const custom = loaded.document.detectors.custom.filter((r) => r.id !== rule.id);
  return (
    <DialogForm
      submit="Delete rule"
      color="red"
      ready
      mutation={unlessConflict(save)}
      errorTitle="The rule was not deleted"
      onSubmit={() =>
        save.mutate(
          {
            document: { ...loaded.document, detectors: { ...loaded.document.detectors, custom } },
            etag: loaded.etag,
          },
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    >
      <Text size="sm">
        From the next request, <b>{rule.id}</b> no longer checks anything: what only it matched goes through.
        Its past signals and risk findings stay, and the version history keeps the rule as it was.
      </Text>
      <ConflictNotice error={save.error} onReloaded={save.reset} />
    </DialogForm>
  );
}
