// Passwords given on a command line or in a `.netrc` file, where no `name=value` assignment marks
// them: `mysql -u root -pS3cret!`, `docker login -u bot -p S3cret!` (or `--password S3cret!`), and
// `machine host login user password S3cret!`. Each is found from a literal (a string search costs
// little), then parsed with a sticky RegExp from there; the value must look like a password, as an
// assigned one must (secret-assignments.ts), so `-p$MYSQL_PWD` or `password <yours>` never fire.
import type { Candidate } from './match-utils.ts';
import { plausibleValue } from './secret-assignments.ts';

/** A value on a shell line: unquoted up to a space or a quote, or quoted. Group 1, 2 or 3. */
const VALUE = `(?:'([^'\\n]{1,256})'|"([^"\\n]{1,256})"|([^\\s'"\`;|&]{1,256}))`;

interface CliPasswordRule {
  id: string;
  /** The literals the command starts with. */
  commands: readonly string[];
  /** From the literal: the command, its flags on the same line, the password. */
  re: RegExp;
}

const RULES: readonly CliPasswordRule[] = [
  {
    // mysql's `-p` takes its value attached (`-p S3cret` prompts, then opens database S3cret).
    id: 'cli-password',
    commands: ['mysql', 'mariadb'],
    re: new RegExp(`(?:mysql|mariadb)(?:dump|admin|import|sh|-dump|-admin)?\\b[^\\n]{0,200}?[ \\t]-p${VALUE}`, 'y'),
  },
  {
    id: 'cli-password',
    commands: ['docker', 'podman', 'nerdctl'],
    re: new RegExp(
      `(?:docker|podman|nerdctl)[ \\t]+login\\b[^\\n]{0,200}?[ \\t](?:-p|--password)(?:[ \\t]+|=)${VALUE}`,
      'y',
    ),
  },
  {
    // `.netrc` (curl, git, ftp): tokens separated by any white space, on one line or several.
    id: 'netrc-password',
    commands: ['machine'],
    re: new RegExp(
      `machine[ \\t]+[^\\s]{1,253}(?:\\s+(?:login|account|port)\\s+[^\\s]{1,256}){0,3}\\s+password\\s+${VALUE}`,
      'y',
    ),
  },
];

const isWordChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

export function scanCliPasswords(text: string, out: Candidate[]): void {
  for (const rule of RULES) {
    for (const command of rule.commands) {
      for (let at = text.indexOf(command); at >= 0; at = text.indexOf(command, at + command.length)) {
        if (at > 0 && (isWordChar(text.charCodeAt(at - 1)) || text[at - 1] === '-')) continue;
        rule.re.lastIndex = at;
        const m = rule.re.exec(text);
        if (!m) continue;
        const quoted = m[1] ?? m[2];
        const value = quoted ?? m[3]!;
        if (!plausibleValue(value, 'password', quoted !== undefined)) continue;
        const end = m.index + m[0].length - (quoted !== undefined ? 1 : 0);
        out.push({
          rule: rule.id,
          label: rule.id,
          severity: 'high',
          start: end - value.length,
          end,
          priority: 2,
        });
      }
    }
  }
}
