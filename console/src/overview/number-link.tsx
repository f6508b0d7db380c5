// A number that leads to the records it counts: its accessible name says what it counts, since "12"
// alone tells a screen reader's user nothing.
import { Link } from 'react-router';
import { Anchor, type AnchorProps } from '@mantine/core';

export const formatCount = (n: number) => n.toLocaleString('en');

export function NumberLink(props: { value: number; to: string; label: string } & AnchorProps) {
  const { value, to, label, ...rest } = props;
  return (
    <Anchor component={Link} to={to} aria-label={`${formatCount(value)} ${label}`} {...rest}>
      {formatCount(value)}
    </Anchor>
  );
}
