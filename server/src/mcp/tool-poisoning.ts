// Tool poisoning: instructions aimed at the model hidden in a tool's definition, which the client puts
// in the model's context and the user rarely reads. Every string of the pinned members is read (the
// description, and the titles, descriptions, defaults and enums of its schemas) for the patterns of the
// published attacks: `<IMPORTANT>`-style blocks, "ignore previous instructions", asking the model to keep
// something from the user, to read credential files (~/.ssh, .env) and pass them on, to copy or BCC an
// address, and invisible Unicode (zero-width, bidi controls, tag characters) that hides text from a
// person. Each rule needs the shape of an instruction, not a word alone, so that an SSH tool that names
// ~/.ssh or an email tool with a `bcc` parameter is not a finding. The definition is walked iteratively
// within the pin's bounds (tool-pin.ts): poisoning is read only on a definition that could be pinned.

export type PoisoningRule =
  | 'invisible-unicode'
  | 'hidden-instructions'
  | 'override-instructions'
  | 'conceal-from-user'
  | 'sensitive-file'
  | 'exfiltrate-address';

export interface PoisoningSignal {
  rule: PoisoningRule;
  /** Where in the definition: `description`, `inputSchema.properties.note.description`. */
  location: string;
}

// Zero-width and joiners, word joiner and invisible operators, bidi embeddings, overrides and isolates,
// the Mongolian vowel separator, a byte-order mark inside text, and the tag characters (U+E0000–E007F),
// which render as nothing and can spell out a whole instruction.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u180E\uFEFF\u{E0000}-\u{E007F}]/u;
const INVISIBLE_ALL =
  /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u180E\uFEFF\u{E0000}-\u{E007F}]/gu;

const SENSITIVE_PATH =
  '(?:~\\/\\.ssh|\\.ssh\\/|\\bid_(?:rsa|dsa|ecdsa|ed25519)\\b|\\.aws\\/credentials|~\\/\\.aws|\\.netrc\\b|\\.npmrc\\b|\\.pypirc\\b|' +
  '\\.docker\\/config\\.json|\\.kube\\/config|\\/etc\\/(?:passwd|shadow)|\\bmcp\\.json\\b|claude_desktop_config|' +
  '(?:^|[\\s`\'"(/])\\.env\\b|\\.git-credentials|\\bcredentials\\.json\\b|\\bprivate[_ ]key\\b)';
const READ_OR_SEND =
  '\\b(?:read|cat|open|include|send|pass|upload|attach|provide|copy|paste|fetch|retrieve|put|append|insert|contents?\\s+of)\\b';

const RULES: ReadonlyArray<{ rule: PoisoningRule; re: RegExp }> = [
  {
    rule: 'hidden-instructions',
    re: /<\s*\/?\s*(?:important|system|instructions?|secret|hidden|admin|critical|sudo|assistant|note[-_ ]to[-_ ](?:ai|assistant|model|llm))\b[^>]{0,40}>|\[\s*(?:system|important|instructions?)\s*\]/i,
  },
  {
    rule: 'override-instructions',
    re: /\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}?\b(?:previous|prior|above|earlier|preceding|all|any|other|system|original)\b[^.\n]{0,30}?\b(?:instructions?|prompts?|rules|guidelines|directions|directives)\b/i,
  },
  {
    rule: 'conceal-from-user',
    re: /\b(?:do\s+not|don'?t|never|without)\s+(?:tell(?:ing)?|inform(?:ing)?|mention(?:ing)?|reveal(?:ing)?|notify(?:ing)?|alert(?:ing)?|let(?:ting)?)\b[^.\n]{0,30}?\b(?:the\s+)?(?:user|human|operator)\b/i,
  },
  {
    rule: 'sensitive-file',
    re: new RegExp(
      `${READ_OR_SEND}[^.\\n]{0,80}?${SENSITIVE_PATH}|${SENSITIVE_PATH}[^.\\n]{0,80}?${READ_OR_SEND}`,
      'i',
    ),
  },
  {
    rule: 'exfiltrate-address',
    // An address that is not an example one, with an instruction to copy or redirect to it.
    re: /\b(?:bcc|cc|blind[- ]copy|carbon[- ]copy|also|always|additionally|instead|redirect|forward)\b[^\n]{0,80}?\b[A-Za-z0-9._%+-]+@(?!(?:[A-Za-z0-9-]+\.)*example\.(?:com|org|net)\b)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/i,
  },
];

/** Longest text read of one string: the attacks fit well within it, and it bounds the regexes' work. */
const MAX_TEXT = 20_000;
const MAX_SIGNALS = 20;
const MAX_DEPTH = 64;
const MAX_STRINGS = 20_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The poisoning signals of one string. */
export function textSignals(text: string): PoisoningRule[] {
  const found: PoisoningRule[] = [];
  const t = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  if (INVISIBLE.test(t)) found.push('invisible-unicode');
  // Read as a person would once the invisible characters are gone, so that they cannot split a phrase.
  const visible = t.replace(INVISIBLE_ALL, '').normalize('NFKC');
  for (const { rule, re } of RULES) if (re.test(visible)) found.push(rule);
  return found;
}

/**
 * The signals of a tool's pinned members (tool-pin.ts pinnedMembers): each string value, and each
 * property name (an instruction can hide in a key too), with where it was found.
 */
export function scanToolDefinition(members: Record<string, unknown>): PoisoningSignal[] {
  const out: PoisoningSignal[] = [];
  const seen = new Set<string>();
  const add = (rules: PoisoningRule[], location: string) => {
    for (const rule of rules) {
      const k = `${rule}\0${location}`;
      if (seen.has(k) || out.length >= MAX_SIGNALS) continue;
      seen.add(k);
      out.push({ rule, location });
    }
  };
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: members, path: '', depth: 0 }];
  let strings = 0;
  while (stack.length > 0 && out.length < MAX_SIGNALS && strings < MAX_STRINGS) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      strings++;
      add(textSignals(v), path);
      continue;
    }
    if (depth >= MAX_DEPTH || typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    if (!isObject(v)) continue;
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      const p = path === '' ? k.slice(0, 100) : `${path}.${k.slice(0, 100)}`;
      strings++;
      add(textSignals(k), p);
      stack.push({ v: v[k], path: p, depth: depth + 1 });
    }
  }
  return out;
}
