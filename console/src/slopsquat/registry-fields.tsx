// One address per ecosystem (the public registries' mirrors, or the organisation's private registries):
// an empty field is no setting for that ecosystem. A viewer reads the addresses set.
import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { Ecosystem } from '../api/client';
import { ECOSYSTEMS, ECOSYSTEM_LABEL } from './format';

export type Addresses = Partial<Record<Ecosystem, string>>;

export function RegistryFields(props: {
  /** The group's name, as its heading says it: "Registry addresses". */
  label: string;
  values: Addresses;
  canManage: boolean;
  /** What an empty field means for an ecosystem (its placeholder). */
  unset(ecosystem: Ecosystem): string;
  /** What a viewer reads when no address is set. */
  none: string;
  errorOf(ecosystem: Ecosystem): string | undefined;
  onChange(values: Addresses): void;
}) {
  const { values } = props;
  if (!props.canManage) {
    const set = ECOSYSTEMS.filter((e) => values[e]);
    return set.length === 0 ? (
      <Text size="sm" c="dimmed">
        {props.none}
      </Text>
    ) : (
      <>
        {set.map((e) => (
          <Text key={e} size="sm">
            {ECOSYSTEM_LABEL[e]}:{' '}
            <Text span ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {values[e]}
            </Text>
          </Text>
        ))}
      </>
    );
  }
  function set(e: Ecosystem, v: string) {
    const next = { ...values };
    if (v.trim()) next[e] = v.trim();
    else delete next[e];
    props.onChange(next);
  }
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing="sm"
      verticalSpacing="xs"
      role="group"
      aria-label={props.label}
    >
      {ECOSYSTEMS.map((e) => (
        <TextInput
          key={e}
          label={ECOSYSTEM_LABEL[e]}
          placeholder={props.unset(e)}
          value={values[e] ?? ''}
          onChange={(ev) => set(e, ev.currentTarget.value)}
          error={props.errorOf(e)}
          maxLength={2048}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      ))}
    </SimpleGrid>
  );
}
