// The organisation's own rules: a table of what each matches, its action and severity, and for admins
// add, edit and delete. Each is staged in the page's draft and saved with its other changes; a rule
// added, changed or deleted but not saved yet is marked in its row, and a deletion can be undone there.
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomRule } from '../api/client';
import { EmptyState } from '../ui/states';
import { RowActions } from '../ui/row-actions';
import { TableHead } from '../ui/table-head';
import { ACTION_LABEL, SEVERITY_COLOR } from './format';
import { itemProblem, problemLine, type ItemProblem } from './field-errors';
import { useDetectorLabel } from './policy-queries';
import { differs, usePolicyDraft } from './policy-draft';
import { CustomRuleDialog } from './custom-rule-dialog';
import { UnsavedBadge } from './unsaved-badge';

type RowState = 'saved' | 'new' | 'changed' | 'deleted';

interface RuleRow {
  rule: CustomRule;
  state: RowState;
  problem: ItemProblem | null;
}

export function CustomRulesSection({ canManage }: { canManage: boolean }) {
  const { loaded, draft, stage, unstage, problem: placed } = usePolicyDraft();
  const label = useDetectorLabel()('custom');
  const [editing, setEditing] = useState<{ rule: CustomRule | null } | null>(null);

  const saved = loaded.document.detectors.custom;
  const rows: RuleRow[] = [
    ...draft.detectors.custom.map((rule) => {
      const before = saved.find((r) => r.id === rule.id);
      const state: RowState = !before ? 'new' : differs(before, rule) ? 'changed' : 'saved';
      return { rule, state, problem: itemProblem(placed, 'rule', rule.id) };
    }),
    // Deleted here but not saved yet: still listed, marked, with a way back.
    ...saved
      .filter((r) => !draft.detectors.custom.some((d) => d.id === r.id))
      .map((rule) => ({ rule, state: 'deleted' as const, problem: null })),
  ];

  function remove(rule: CustomRule) {
    const key = `rule:${rule.id}`;
    if (!saved.some((r) => r.id === rule.id)) return unstage(key);
    stage(key, (d) => void (d.detectors.custom = d.detectors.custom.filter((r) => r.id !== rule.id)));
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="detector-custom">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={3} size="h5" id="detector-custom">
                {label}
              </Title>
              {rows.some((r) => r.state !== 'saved') && <UnsavedBadge />}
            </Group>
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
        {rows.length === 0 ? (
          <EmptyState title="No custom rules">
            {canManage
              ? 'Add one for words or values that must not leave the organisation.'
              : 'An owner or admin adds them; you will see them here.'}
          </EmptyState>
        ) : (
          <RuleTable
            rows={rows}
            canManage={canManage}
            onEdit={(rule) => setEditing({ rule })}
            onDelete={remove}
            onUndo={(rule) => unstage(`rule:${rule.id}`)}
          />
        )}
      </Stack>
      {canManage && (
        <CustomRuleDialog
          opened={editing !== null}
          rule={editing?.rule ?? null}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}

const MARK: Record<RowState, 'unsaved' | 'new, unsaved' | 'deleted, unsaved' | null> = {
  saved: null,
  new: 'new, unsaved',
  changed: 'unsaved',
  deleted: 'deleted, unsaved',
};

function RuleTable(props: {
  rows: RuleRow[];
  canManage: boolean;
  onEdit(r: CustomRule): void;
  onDelete(r: CustomRule): void;
  onUndo(r: CustomRule): void;
}) {
  return (
    <Table.ScrollContainer minWidth={props.canManage ? 760 : 600}>
      <Table striped aria-label="Custom rules">
        <TableHead columns={['Name', 'Matches', 'Action', 'Severity', props.canManage && 'Actions']} />
        <Table.Tbody>
          {props.rows.map(({ rule: r, state, problem }) => {
            const mark = MARK[state];
            return (
              <Table.Tr key={r.id} data-rule={r.id} data-state={state}>
                <Table.Td>
                  <Group gap={6}>
                    <Text
                      size="sm"
                      fw={600}
                      ff="monospace"
                      td={state === 'deleted' ? 'line-through' : undefined}
                    >
                      {r.id}
                    </Text>
                    {mark && <UnsavedBadge what={mark} />}
                  </Group>
                  {r.description && (
                    <Text size="xs" c="dimmed">
                      {r.description}
                    </Text>
                  )}
                  {problem && (
                    <Text size="xs" c="red" role="alert">
                      {problemLine(problem)}
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
                      actions={
                        state === 'deleted'
                          ? [{ label: 'Undo deleting', onClick: () => props.onUndo(r) }]
                          : [
                              { label: 'Edit', onClick: () => props.onEdit(r) },
                              { label: 'Delete', destructive: true, onClick: () => props.onDelete(r) },
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
  );
}

function Matches({ rule }: { rule: CustomRule }) {
  const how = rule.case_sensitive ? ' (case-sensitive)' : '';
  if (rule.pattern !== undefined)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Pattern{how}: <code>{rule.pattern}</code>
      </Text>
    );
  return (
    <Text size="sm">
      Keywords{how}: {(rule.keywords ?? []).map((k) => `“${k}”`).join(', ')}
    </Text>
  );
}
