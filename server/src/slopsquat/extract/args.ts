// An installer's arguments split into options and positionals, the one way every installer here is
// read. What decides whether `--registry x` is an option with its value or a flag and a package is
// the installer's table of options that take a value: an option missing from it is taken for a flag,
// so that its neighbour is still read (a name mistaken for a value would be a name missed).
import { sliceWord, type Word } from './shell-words.ts';
import type { Found } from './specs.ts';

export interface Option {
  /** As written, without its value: `--registry`, `-r`, `-tags`. */
  name: string;
  value: Word | null;
}

export interface Args {
  positionals: Word[];
  options: Option[];
  /** Everything after the last positional read when `maxPositionals` was reached (a command's own arguments). */
  rest: Word[];
}

export interface ArgsStyle {
  /** Options that take a value, long (`--index-url`) and short (`-i`) alike. */
  takesValue: ReadonlySet<string>;
  /** Go's flags: one dash, long names (`-tags x`, `-ldflags=…`), no clusters. */
  singleDash?: boolean;
  /** Stop at this many positionals: the rest belongs to the command being run (npx foo --help). */
  maxPositionals?: number;
}

/** Reads `words` as an installer's arguments. */
export function readArgs(words: readonly Word[], style: ArgsStyle): Args {
  const out: Args = { positionals: [], options: [], rest: [] };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const t = word.text;
    // Past the last positional read, the words are the command's own (`npx tsc -p x`: tsc's -p).
    if (style.maxPositionals && out.positionals.length === style.maxPositionals) {
      out.rest = words.slice(i);
      break;
    }
    if (t === '--') {
      for (const w of words.slice(i + 1)) {
        if (out.positionals.length === style.maxPositionals) out.rest.push(w);
        else out.positionals.push(w);
      }
      break;
    }
    if (t.length < 2 || t[0] !== '-') {
      // With none to read, the first positional starts the command (`sudo -E npm …`).
      if (style.maxPositionals === 0) {
        out.rest = words.slice(i);
        break;
      }
      out.positionals.push(word);
      continue;
    }
    if (t.startsWith('--') || style.singleDash) {
      const eq = t.indexOf('=');
      if (eq > 0) {
        out.options.push({ name: t.slice(0, eq), value: sliceWord(word, eq + 1) });
      } else if (style.takesValue.has(t)) {
        out.options.push({ name: t, value: words[i + 1] ?? null });
        i++;
      } else out.options.push({ name: t, value: null });
      continue;
    }
    // A cluster of short options (`-qU`, `-rrequirements.txt`): a letter that takes a value takes the
    // rest of the cluster, or the next word.
    for (let j = 1; j < t.length; j++) {
      const name = `-${t[j]!}`;
      if (!style.takesValue.has(name)) {
        out.options.push({ name, value: null });
        continue;
      }
      if (j + 1 < t.length) {
        const from = t[j + 1] === '=' ? j + 2 : j + 1;
        out.options.push({ name, value: sliceWord(word, from) });
      } else {
        out.options.push({ name, value: words[i + 1] ?? null });
        i++;
      }
      break;
    }
  }
  return out;
}

/** Whether any of `names` was given. */
export function hasOption(args: Args, ...names: string[]): boolean {
  return args.options.some((o) => names.includes(o.name));
}

/** The values given to any of `names`, in order. */
export function optionValues(args: Args, ...names: string[]): Word[] {
  const out: Word[] = [];
  for (const o of args.options) if (o.value && names.includes(o.name)) out.push(o.value);
  return out;
}

/** The index of the first positional (a subcommand, after the global options), or -1. */
export function firstPositional(words: readonly Word[], style: ArgsStyle): number {
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (t === '--') return i + 1 < words.length ? i + 1 : -1;
    if (t.length < 2 || t[0] !== '-') return i;
    if (!t.includes('=') && style.takesValue.has(t)) i++;
  }
  return -1;
}

/** An option table from a space-separated list. */
export function valued(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/** What an installer (or one of its subcommands) makes of the words after it. */
export type Installer = (words: readonly Word[]) => Found[];

/** Reads `<tool> [global options] <subcommand> …` with the subcommands given. */
export function subcommands(subs: Record<string, Installer>, global: ArgsStyle = NO_OPTIONS): Installer {
  return (words) => {
    const i = firstPositional(words, global);
    const name = i < 0 ? '' : words[i]!.text;
    const sub = Object.hasOwn(subs, name) ? subs[name] : undefined;
    return sub ? sub(words.slice(i + 1)) : [];
  };
}

export const NO_OPTIONS: ArgsStyle = { takesValue: new Set() };
