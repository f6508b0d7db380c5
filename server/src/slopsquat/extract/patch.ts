// Manifests changed by a patch: Codex's apply_patch format (`*** Add File: package.json`, `*** Update
// File: requirements.txt`, lines prefixed `+`, `-` or ` `) and unified diffs (`+++ b/Cargo.toml`).
// A file's new side (context and added lines) is read as its manifest, so that an added line is read
// in its section; only the names on added lines count, the others being there already.
import { lines } from './lines.ts';
import { manifestOfPath, manifestRefs, type ManifestKind } from './manifests.ts';
import type { Found } from './specs.ts';

interface FilePatch {
  kind: ManifestKind;
  whole: boolean;
  /** The new side's text, its lines' starts there and in the patch, and whether each was added. */
  text: string;
  starts: number[];
  from: number[];
  added: boolean[];
}

const HEADER = /^\*\*\* (Add|Update|Delete) File: (.{1,400})$|^\+\+\+ (?:b\/)?(.{1,400})$/;

export function patchRefs(patch: string): Found[] {
  const files: FilePatch[] = [];
  let file: FilePatch | null = null;
  for (const { text: raw, start: p } of lines(patch)) {
    const line = raw.replace(/\r$/, '');
    const header = line.startsWith('***') || line.startsWith('+++') ? HEADER.exec(line) : null;
    if (header) {
      const path = (header[2] ?? header[3]!).trim();
      const kind = header[1] === 'Delete' ? null : manifestOfPath(path);
      file = kind ? { kind, whole: header[1] === 'Add', text: '', starts: [], from: [], added: [] } : null;
      if (file) files.push(file);
    } else if (file && line.length > 0 && '+ -'.includes(line[0]!) && !line.startsWith('---')) {
      if (line[0] !== '-') {
        file.starts.push(file.text.length);
        file.from.push(p + 1);
        file.added.push(line[0] === '+');
        file.text += `${line.slice(1)}\n`;
      }
    } else if (line.startsWith('*** ')) file = null;
  }
  const out: Found[] = [];
  for (const f of files) {
    for (const ref of manifestRefs(f.kind, f.text, !f.whole)) {
      const i = lineAt(f.starts, ref.start);
      if (i < 0 || !f.added[i]) continue;
      const shift = f.from[i]! - f.starts[i]!;
      out.push({ ...ref, start: ref.start + shift, end: ref.end + shift });
    }
  }
  return out;
}

/** The index of the line that holds offset `at` (the last start at or before it). */
function lineAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
