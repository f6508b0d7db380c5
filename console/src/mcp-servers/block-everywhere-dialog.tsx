// The confirmation of "Block … everywhere" and "Unblock everywhere": it says that this is a policy
// change (a new version, in the audit log, for every developer and device at once), shows the rule it
// adds or removes, and saves the whole document over the version the page read (If-Match), as the
// policy page does; a change made meanwhile by someone else is a 412 shown with "Reload the policy".
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { ConflictNotice } from '../policy/conflict-notice';
import { PolicyConflict, usePolicy, useSavePolicy, versionOf } from '../policy/policy-queries';
import { ErrorState, Loading } from '../ui/states';
import { blockedEverywhere, ruleText, withRule, type EverywhereTarget } from './block-everywhere';

export interface EverywhereChange extends EverywhereTarget {
  block: boolean;
}

export function BlockEverywhereDialog(props: { change: EverywhereChange | null; onClose(): void }) {
  const c = props.change;
  const what = c
    ? c.tool === undefined
      ? `the server ${c.server}`
      : `the tool ${c.server} / ${c.tool}`
    : '';
  return (
    <Modal
      opened={c !== null}
      onClose={props.onClose}
      title={c ? `${c.block ? 'Block' : 'Unblock'} ${what} everywhere` : ''}
      size="lg"
    >
      {c && <Confirm change={c} what={what} onClose={props.onClose} />}
    </Modal>
  );
}

function Confirm({ change, what, onClose }: { change: EverywhereChange; what: string; onClose(): void }) {
  const policy = usePolicy();
  const save = useSavePolicy();
  if (policy.isPending) return <Loading label="Reading the policy…" />;
  if (policy.isError) return <ErrorState error={policy.error} onRetry={() => void policy.refetch()} />;
  const { document, etag } = policy.data;
  const inForce = versionOf(etag);
  const has = blockedEverywhere(document, change);
  const done = has === change.block;
  const rule = ruleText(change);
  const failure = save.error instanceof PolicyConflict ? null : save.error;

  return (
    <Stack>
      <Text size="sm">
        This is a <b>policy change</b>: it saves a new version of the policy
        {inForce === null ? '' : ` (version ${inForce + 1})`}, recorded in the audit log, and it holds at once
        for every developer and every device whose tools run a local server named <b>{change.server}</b>
        {change.tool === undefined ? '' : ' and call its tool of that name'}, and for a routed server of that
        alias.
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {change.block ? 'The rule it adds' : 'The rule it removes'}
        </Text>
        <Code block data-testid="everywhere-rule">
          {rule}
        </Code>
      </Stack>
      <Text size="sm">
        {change.block
          ? change.tool === undefined
            ? `Every tool of ${change.server} is refused, unless the policy allows a tool of it by name. The endpoint client hides its tools and answers their calls with the rule.`
            : `The tool is hidden from tools/list and its calls are refused, on every machine, whatever its pin.`
          : `Calls are then judged by the policy's other rules and by each machine's pins again.`}
      </Text>
      {done && (
        <Alert color="gray" role="status">
          The policy already {change.block ? 'blocks' : 'does not block'} {what} with this rule: nothing to
          save.
        </Alert>
      )}
      <ConflictNotice error={save.error} onReloaded={() => save.reset()} />
      {failure && (
        <Alert color="red" role="alert" title="The policy was not changed">
          {failure.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color={change.block ? 'red' : undefined}
          disabled={done || save.error instanceof PolicyConflict}
          loading={save.isPending}
          onClick={() =>
            save.mutate({ document: withRule(document, change, change.block), etag }, { onSuccess: onClose })
          }
        >
          {change.block ? 'Block everywhere' : 'Unblock everywhere'}
        </Button>
      </Group>
    </Stack>
  );
}
