// Reading package names out of what models write and agents run (issue 18, extraction): pure
// functions, no I/O, never throwing on any input. See docs/decisions/slopsquat-extraction.md.
import type { PackageRef, PackageSource } from '../slopsquat-contract.ts';
import { commandRefs } from './command.ts';
import { readNormalized } from './read-normalized.ts';
import type { Found } from './specs.ts';
import { textRefs } from './text.ts';
import { toolCallRefs } from './tool-call.ts';

function refs(found: readonly Found[], source: PackageSource | null): PackageRef[] {
  return found.map(({ manifest, ...r }) => ({ ...r, source: source ?? (manifest ? 'manifest' : 'command') }));
}

/** The packages a shell command line installs; a manifest it writes (`cat > package.json <<EOF`) counts. */
export function extractFromCommand(command: string): PackageRef[] {
  if (typeof command !== 'string') return [];
  return refs(readNormalized(command, commandRefs), null);
}

/** The packages a model's answer would install: its commands, code blocks and manifests; offsets into `text`. */
export function extractFromText(text: string): PackageRef[] {
  if (typeof text !== 'string') return [];
  return refs(readNormalized(text, textRefs), null);
}

/** The packages an agent's tool call would install; offsets into the string each name was read from. */
export function extractFromToolCall(tool: string, args: unknown): PackageRef[] {
  return refs(toolCallRefs(typeof tool === 'string' ? tool : '', args), 'tool_call');
}
