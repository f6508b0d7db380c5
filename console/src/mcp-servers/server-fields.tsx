// The fields of the register and edit dialogs besides the headers: the alias (a path segment of the
// Gateway's /mcp/{alias}), the server's Streamable HTTP endpoint and a description. The alias's syntax
// is checked as the API checks it; what only the API knows (a taken alias, a URL with a query string)
// comes back as its error and is shown in the dialog.
import { TextInput, Textarea } from '@mantine/core';

const ALIAS = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** The Gateway's own MCP paths beside /mcp/{alias}. */
const RESERVED = new Set(['decide', 'observations']);

export function aliasError(typed: string): string | null {
  if (typed === '') return null;
  if (!ALIAS.test(typed))
    return 'Lower-case letters, digits, - and _, starting with a letter or digit (at most 63).';
  if (RESERVED.has(typed)) return `/mcp/${typed} is a path of the Gateway's own; choose another alias.`;
  return null;
}

export function urlError(typed: string): string | null {
  const t = typed.trim();
  if (t === '') return null;
  try {
    const url = new URL(t);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return 'An https:// address (http:// only on a private network).';
  } catch {
    return 'Not an address such as https://mcp.example.com/mcp.';
  }
  return null;
}

export function AliasInput(props: { value: string; onChange(value: string): void }) {
  return (
    <TextInput
      label="Alias"
      description={`Clients reach the server through the Gateway at /mcp/${props.value || '{alias}'}.`}
      required
      maxLength={63}
      autoComplete="off"
      spellCheck={false}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={aliasError(props.value)}
      data-autofocus
    />
  );
}

export function UrlInput(props: { value: string; onChange(value: string): void }) {
  return (
    <TextInput
      label="URL"
      description="The server's Streamable HTTP endpoint. Credentials go in the headers, never in the address."
      required
      maxLength={2048}
      placeholder="https://mcp.example.com/mcp"
      autoComplete="off"
      spellCheck={false}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={urlError(props.value)}
    />
  );
}

export function DescriptionInput(props: { value: string; onChange(value: string): void }) {
  return (
    <Textarea
      label="Description"
      description="Optional: what the server is for, for the admins who read this page."
      maxLength={500}
      autosize
      minRows={2}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}
