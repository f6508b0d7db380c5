// Resolving says the finding was dealt with (the secret rotated, the developer told); it asks for a
// note saying how, optional, and says that the finding opens again if the same value is seen again.
import { useState } from 'react';
import { Modal, Text, Textarea } from '@mantine/core';
import type { RiskFinding } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { useResolveFinding } from './risk-queries';

export function ResolveFindingDialog(props: { finding: RiskFinding | null; onClose(): void }) {
  return (
    <Modal opened={props.finding !== null} onClose={props.onClose} title="Resolve the finding">
      {props.finding && <ResolveForm finding={props.finding} onClose={props.onClose} />}
    </Modal>
  );
}

function ResolveForm({ finding, onClose }: { finding: RiskFinding; onClose(): void }) {
  const resolve = useResolveFinding();
  const [note, setNote] = useState('');
  const repeat =
    finding.kind === 'policy_change'
      ? 'If the same person lowers enforcement the same way again, it opens again.'
      : 'If the same value is seen again from the same caller, it opens again.';
  return (
    <DialogForm
      submit="Resolve finding"
      color="green"
      ready
      mutation={resolve}
      errorTitle="The finding was not resolved"
      onSubmit={() => resolve.mutate({ id: finding.id, note }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Text size="sm">
        Resolve <b>{finding.rule}</b> ({finding.count.toLocaleString('en')}{' '}
        {finding.count === 1 ? 'sighting' : 'sightings'}) once it has been dealt with. {repeat} The audit log
        records who resolved it.
      </Text>
      <Textarea
        label="Note"
        description="Optional: what was done about it, such as “key rotated, developer told”."
        maxLength={1000}
        autosize
        minRows={2}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        data-autofocus
      />
    </DialogForm>
  );
}
