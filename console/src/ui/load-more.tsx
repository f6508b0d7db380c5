// The foot of a list read a page at a time in the API's order (risk findings, slopsquat names, the feed's
// preview): load the next page, or say that everything that matches is shown. Newest-first logs have
// their own foot (load-older.tsx), which speaks of older rows.
import { Button, Center, Text } from '@mantine/core';

export function LoadMore(props: {
  hasMore: boolean;
  loading: boolean;
  /** The button's words: "Load more findings". */
  label: string;
  /** Said once the last page is in: "Every matching finding is shown." */
  done: string;
  onLoad(): void;
}) {
  return (
    <Center>
      {props.hasMore ? (
        <Button variant="default" loading={props.loading} onClick={props.onLoad}>
          {props.label}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {props.done}
        </Text>
      )}
    </Center>
  );
}
