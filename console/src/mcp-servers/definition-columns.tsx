// The pinned and the pending definition side by side, each line of canonical JSON beside its
// counterpart, the changed lines marked by colour and by a sign (− removed, + added) that a screen reader
// reads out as a word. Long lines wrap (a poisoned description is often one long line, and must be read
// whole): in a wide window each row holds both sides so that they stay aligned however they wrap; in a
// narrow one the two definitions stand one above the other.
import { Box, Code, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { prettyCanonical, sideBySide, type DiffLine } from './definition-diff';

const MARK = {
  removed: { sign: '−', word: 'removed: ', bg: 'var(--mantine-color-red-light)' },
  added: { sign: '+', word: 'added: ', bg: 'var(--mantine-color-green-light)' },
  same: { sign: ' ', word: '', bg: undefined },
  filler: { sign: ' ', word: '', bg: 'var(--mantine-color-gray-light)' },
} as const;

const FRAME = {
  overflow: 'auto',
  maxHeight: '60vh',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-sm)',
} as const;

function Line({ line, side }: { line: DiffLine; side: 'left' | 'right' }) {
  const m = MARK[line.mark];
  return (
    <Box
      data-side={side}
      data-mark={line.mark}
      ff="monospace"
      fz="xs"
      px="xs"
      style={{
        background: m.bg,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        lineHeight: 1.5,
        paddingLeft: 'calc(2ch + var(--mantine-spacing-xs))',
        textIndent: '-2ch',
      }}
    >
      <span aria-hidden>{m.sign} </span>
      {m.word && <VisuallyHidden>{m.word}</VisuallyHidden>}
      {line.text || ' '}
    </Box>
  );
}

function Heading({ title, sha256 }: { title: string; sha256: string | null }) {
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {sha256 ? (
          <>
            SHA-256 <Code>{sha256}</Code>
          </>
        ) : (
          'No pin yet'
        )}
      </Text>
    </Stack>
  );
}

/** One definition on its own, scrolling inside its frame. */
function Column(props: { label: string; sha256: string | null; lines: DiffLine[]; side: 'left' | 'right' }) {
  return (
    <Stack gap="xs" miw={0}>
      <Heading title={props.label} sha256={props.sha256} />
      <Box role="region" aria-label={props.label} tabIndex={0} py={4} style={FRAME}>
        {props.lines.map((l, i) => (
          <Line key={i} line={l} side={props.side} />
        ))}
      </Box>
    </Stack>
  );
}

const plain = (text: string): DiffLine[] => text.split('\n').map((t) => ({ text: t, mark: 'same' }));

export interface Definition {
  sha256: string | null;
  definition: Record<string, unknown> | null;
}

const PINNED = 'Pinned (approved) definition';
const PENDING = 'Pending definition (what the server shows now)';

/** The pinned definition beside the pending one; either may be missing (a new tool, nothing pending). */
export function DefinitionColumns({
  pinned,
  pending,
}: {
  pinned: Definition;
  pending?: Definition | undefined;
}) {
  const wide = useMediaQuery('(min-width: 62em)') ?? true;
  if (!pending)
    return (
      <Column
        label={PINNED}
        sha256={pinned.sha256}
        lines={plain(prettyCanonical(pinned.definition))}
        side="left"
      />
    );
  const after = prettyCanonical(pending.definition);
  if (pinned.definition === null)
    return (
      <Stack gap="xs">
        <Text size="sm">
          No definition was approved before: the server showed this tool for the first time, and it waits for
          an admin&apos;s approval before it is pinned.
        </Text>
        <Column label={PENDING} sha256={pending.sha256} lines={plain(after)} side="right" />
      </Stack>
    );
  const diff = sideBySide(prettyCanonical(pinned.definition), after);
  const summary = (
    <Text size="sm" role="status">
      {diff.removed} {diff.removed === 1 ? 'line' : 'lines'} removed, {diff.added}{' '}
      {diff.added === 1 ? 'line' : 'lines'} added.
    </Text>
  );
  if (!wide)
    return (
      <Stack gap="md">
        {summary}
        <Column label={PINNED} sha256={pinned.sha256} lines={diff.left} side="left" />
        <Column label={PENDING} sha256={pending.sha256} lines={diff.right} side="right" />
      </Stack>
    );
  return (
    <Stack gap="xs">
      {summary}
      <SimpleGrid cols={2} spacing="md">
        <Heading title={PINNED} sha256={pinned.sha256} />
        <Heading title={PENDING} sha256={pending.sha256} />
      </SimpleGrid>
      <Box role="region" aria-label="The two definitions, line by line" tabIndex={0} py={4} style={FRAME}>
        <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 16 }}>
          {diff.left.map((l, i) => [
            <Line key={`l${i}`} line={l} side="left" />,
            <Line key={`r${i}`} line={diff.right[i]!} side="right" />,
          ])}
        </Box>
      </Box>
    </Stack>
  );
}
