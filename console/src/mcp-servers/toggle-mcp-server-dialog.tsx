// Enabling or disabling a server asks first, saying what it does to the clients routed through it.
// Nothing is typed: it is undone with one more click, and nothing is lost meanwhile.
import { Modal, Text } from '@mantine/core';
import type { McpServer } from '../api/client';
import { DialogForm } from '../ui/dialog-form';
import { useUpdateMcpServer } from './mcp-server-queries';

export function ToggleMcpServerDialog(props: { server: McpServer | null; onClose(): void }) {
  const s = props.server;
  return (
    <Modal
      opened={s !== null}
      onClose={props.onClose}
      title={s ? `${s.enabled ? 'Disable' : 'Enable'} ${s.alias}` : ''}
    >
      {s && <ToggleForm server={s} onClose={props.onClose} />}
    </Modal>
  );
}

function ToggleForm({ server, onClose }: { server: McpServer; onClose(): void }) {
  const update = useUpdateMcpServer();
  const enabling = !server.enabled;
  return (
    <DialogForm
      submit={enabling ? 'Enable server' : 'Disable server'}
      {...(enabling ? {} : { color: 'red' })}
      ready
      mutation={update}
      errorTitle="The server was not changed"
      onSubmit={() => update.mutate({ id: server.id, body: { enabled: enabling } }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Text size="sm">
        {enabling ? (
          <>
            The Gateway routes <b>/mcp/{server.alias}</b> to {server.url} again, under the policy and the
            tools&apos; pins.
          </>
        ) : (
          <>
            Calls to <b>/mcp/{server.alias}</b> are refused from the next one (rule mcp:server_disabled),
            until the server is enabled again. Its headers and its tools&apos; pins are kept.
          </>
        )}
      </Text>
    </DialogForm>
  );
}
