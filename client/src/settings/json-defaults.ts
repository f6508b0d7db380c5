// Values a tool needs beside the ones that point it at the Gateway (Gemini CLI's sign-in method), in a JSON
// settings file: each is set only where the person has no value of their own, because a value they chose
// is theirs (they get a note saying what to pick instead). The text is edited in place (json-edit.ts). Only
// what the client set is recorded, and undo removes exactly that, with the objects it created to hold it,
// unless the person has changed it since: then it is theirs and stays.
import { CliError, EXIT } from '../errors.ts';
import type { JsonSetting } from '../state-store.ts';
import { deleteMember, jsonObjectFile, memberValue, memberValueStart, setMember } from './json-edit.ts';

export interface JsonDefault {
  /** The keys from the root object to the value, e.g. ["security", "auth", "selectedType"]. */
  path: string[];
  value: string;
  /** The note for a person whose own value differs: what the tool needs and how to choose it. */
  advice(own: unknown, file: string): string;
}

export interface DefaultsApplied {
  text: string;
  /** What the client set (to record for undo), including what an earlier setup set and is still there. */
  set: JsonSetting[];
  notes: string[];
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/**
 * Where the object at `keys` opens, following them from the root; undefined when one is absent. A member
 * on the way that is not an object is someone else's setting of another shape: refused, not replaced.
 */
function objectAt(text: string, root: number, keys: string[], file: string): number | undefined {
  let at = root;
  for (let i = 0; i < keys.length; i++) {
    const start = memberValueStart(text, at, keys[i]!);
    if (start === undefined) return undefined;
    if (text[start] !== '{')
      throw new CliError(
        `The "${keys.slice(0, i + 1).join('.')}" in ${file} is not an object; the client leaves the file alone. ` +
          'Fix it and run the command again.',
        EXIT.failed,
      );
    at = start;
  }
  return at;
}

/** Removes one setting the client made, and the objects it created for it once they are empty. */
function unset(text: string, root: number, setting: JsonSetting, file: string): string {
  const parents = setting.path.slice(0, -1);
  const leaf = setting.path[setting.path.length - 1]!;
  const holder = objectAt(text, root, parents, file);
  // Changed or removed by the person since: theirs now.
  if (holder === undefined || memberValue(text, holder, leaf) !== setting.value) return text;
  text = deleteMember(text, holder, leaf);
  for (let depth = parents.length; depth > parents.length - setting.created && depth > 0; depth--) {
    const parent = objectAt(text, root, parents.slice(0, depth - 1), file)!;
    const key = parents[depth - 1]!;
    if (Object.keys(memberValue(text, parent, key) as object).length > 0) break;
    text = deleteMember(text, parent, key);
  }
  return text;
}

export function applyJsonDefaults(
  current: string | null,
  defaults: JsonDefault[],
  earlier: JsonSetting[],
  file: string,
  comments = false,
): DefaultsApplied {
  const checked = jsonObjectFile(current, file, comments);
  const { unit, root } = checked;
  let text = checked.text;
  // An earlier setup's value that is no longer wanted (another mode) comes out first.
  const wantedNow = (s: JsonSetting) => defaults.some((d) => same(d.path, s.path) && d.value === s.value);
  for (const setting of earlier) if (!wantedNow(setting)) text = unset(text, root, setting, file);
  const set: JsonSetting[] = [];
  const notes: string[] = [];
  for (const wanted of defaults) {
    const mine = earlier.find((s) => same(s.path, wanted.path) && s.value === wanted.value);
    const parents = wanted.path.slice(0, -1);
    const leaf = wanted.path[wanted.path.length - 1]!;
    let depth = parents.length;
    while (depth > 0 && objectAt(text, root, parents.slice(0, depth), file) === undefined) depth--;
    const holder = depth === parents.length ? objectAt(text, root, parents, file)! : undefined;
    const own = holder === undefined ? undefined : memberValue(text, holder, leaf);
    if (own === wanted.value) {
      // Set by an earlier setup (still ours to undo), or the person's own choice (never undone).
      if (mine) set.push(mine);
      continue;
    }
    if (own !== undefined) {
      notes.push(wanted.advice(own, file));
      continue;
    }
    // Absent: create the missing objects from the outermost in, then the value.
    for (let i = depth; i < parents.length; i++)
      text = setMember(text, objectAt(text, root, parents.slice(0, i), file)!, parents[i]!, '{}', unit);
    text = setMember(text, objectAt(text, root, parents, file)!, leaf, JSON.stringify(wanted.value), unit);
    // An earlier setup may have created objects the person emptied but kept; undo may remove those again.
    const created = Math.max(parents.length - depth, mine?.created ?? 0);
    set.push({ path: wanted.path, value: wanted.value, created });
  }
  return { text, set, notes };
}

/** The file without the values the client set (those the person has not changed since). */
export function undoJsonDefaults(
  current: string,
  set: JsonSetting[],
  file: string,
  comments = false,
): string {
  const { text, root } = jsonObjectFile(current, file, comments);
  return set.reduce((out, setting) => unset(out, root, setting, file), text);
}
