// The foot of a newest-first log: load the next, older page, or say that the oldest row is shown.
import { Button, Center, Text } from '@mantine/core';

export function LoadOlder(props: { hasOlder: boolean; loading: boolean; what: string; onLoad(): void }) {
  return (
    <Center>
      {props.hasOlder ? (
        <Button variant="default" loading={props.loading} onClick={props.onLoad}>
          Load older {props.what}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          No older {props.what} in this range.
        </Text>
      )}
    </Center>
  );
}
