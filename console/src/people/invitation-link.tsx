// What an invite made: the link to give the invitee (with a copy button), until when it works, and
// whether the e-mail went out. The link is a one-use credential: it lives only in this dialog's props,
// and closing the dialog forgets it (inviting the address again makes a new one).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { InvitationSent } from '../api/client';
import { CopyField } from '../ui/copy-field';
import { formatDateTime } from '../credentials/format';

export interface MadeInvitation extends InvitationSent {
  /** Who it is for, as the dialog's title names them. */
  to: string;
  /** What it is for: "an admin (viewer)", "a developer". */
  as: string;
}

function EmailOutcome({ invitation }: { invitation: MadeInvitation }) {
  const { email, to } = invitation;
  if (email.status === 'sent')
    return (
      <Alert color="green" role="status" title="E-mail sent">
        An e-mail with this link went to {to}.
      </Alert>
    );
  if (email.status === 'failed')
    return (
      <Alert color="orange" role="alert" title="The e-mail was not sent">
        The mail server refused it{email.error ? `: ${email.error}` : ''}. The invitation stands: copy the
        link and give it to {to} yourself.
      </Alert>
    );
  return (
    <Alert color="blue" role="status" title="No e-mail was sent">
      No mail server is set up (GATEHOUSE_SMTP_URL): copy the link and give it to {to} yourself.
    </Alert>
  );
}

export function InvitationLink(props: { invitation: MadeInvitation | null; onClose(): void }) {
  const i = props.invitation;
  return (
    <Modal
      opened={i !== null}
      onClose={props.onClose}
      title={i ? `Invitation for ${i.to}` : ''}
      size="lg"
      closeOnClickOutside={false}
    >
      {i && (
        <Stack>
          <Text size="sm">
            {i.to} is invited as {i.as}. The link works once, until {formatDateTime(i.invitation_expires_at)};
            inviting the same address again replaces it.
          </Text>
          <EmailOutcome invitation={i} />
          <CopyField label="Invitation link" value={i.invitation_url} />
          <Group justify="flex-end">
            <Button onClick={props.onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
