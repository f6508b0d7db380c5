// What a developer does on each machine once their account exists: install the Gatehouse client and
// sign the machine in against this console, which opens the device approval page.
import { Code, List, Text } from '@mantine/core';
import { CopyField } from '../ui/copy-field';

export function ClientNextSteps() {
  const command = `gatehouse-client login --console ${window.location.origin}`;
  return (
    <>
      <List type="ordered" size="sm" spacing="xs">
        <List.Item>
          Install the Gatehouse client, <Code>gatehouse-client</Code>, as your organisation distributes it.
        </List.Item>
        <List.Item>Run the command below. It shows a code and opens a page of this console.</List.Item>
        <List.Item>
          On that page, sign in with your e-mail address and password, check that the code matches, and
          approve the device. The client then points your AI tools at the Gateway.
        </List.Item>
      </List>
      <CopyField label="Command" value={command} />
      <Text size="xs" c="dimmed">
        Each machine signs in once; an admin can see and revoke your devices.
      </Text>
    </>
  );
}
