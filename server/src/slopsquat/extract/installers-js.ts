// The JavaScript installers: npm, pnpm, yarn and bun adding packages, the runners that fetch a package
// to run it (npx, npm exec, pnpm dlx, yarn dlx, bunx), and `create`/`init` initialisers, which run
// the package `create-<name>` (`npm create vite@latest` fetches create-vite). Option tables list the
// options that take a value (from each tool's documentation); any other option is a flag.
import {
  hasOption,
  optionValues,
  readArgs,
  subcommands,
  valued,
  type ArgsStyle,
  type Installer,
} from './args.ts';
import type { Word } from './shell-words.ts';
import { found, foundAll, npmSpec, type Found, type Spec } from './specs.ts';

const COMMON = `--registry --prefix -C --dir --cwd --workspace --filter -F --tag --cache --cache-dir
  --cache-folder --userconfig --globalconfig --omit --include --install-strategy --save-prefix --loglevel
  --otp --before --scope --script-shell --location --cpu --os --libc --proxy --https-proxy --ca --cafile
  --cert --key --reporter --store-dir --virtual-store-dir --modules-folder --network-timeout --mutex
  --backend --config --workspace-concurrency --node-options --shell`;
/** The runners' own: `-p`/`--package` names the package, `-c`/`--call` a command string. */
const RUNNER_ONLY = '--call -c --package -p';

/** npm's `-w` names a workspace; pnpm's and yarn's `-w`/`-W` is a flag (the workspace root). */
const NPM: ArgsStyle = { takesValue: valued(`${COMMON} -w`) };
const ADD: ArgsStyle = { takesValue: valued(COMMON) };
/** The runners' first positional is the package (or the command, when `--package` names it). */
const RUNNER: ArgsStyle = { takesValue: valued(`${COMMON} -w ${RUNNER_ONLY}`), maxPositionals: 1 };

function namesWith(style: ArgsStyle): Installer {
  return (words) => specsOf(readArgs(words, style).positionals);
}

const specsOf = (words: readonly Word[]) => foundAll('npm', words, npmSpec);

const npmInstall = namesWith(NPM);
const npmNames = namesWith(ADD);

/** npx and its kin: the packages named by `--package`, else the command run, which names its package. */
export function runnerNames(words: readonly Word[]): Found[] {
  const args = readArgs(words, RUNNER);
  if (hasOption(args, '-c', '--call')) return [];
  const named = optionValues(args, '-p', '--package');
  return specsOf(named.length ? named : args.positionals);
}

/** `create vite@latest` runs create-vite; `create @scope/app` runs @scope/create-app. */
function createName(words: readonly Word[]): Found[] {
  const first = readArgs(words, RUNNER).positionals[0];
  if (!first) return [];
  const t = first.text;
  let spec: Spec | null;
  if (t[0] === '@' && !t.includes('/')) {
    const at = t.indexOf('@', 1);
    const scope = at < 0 ? t : t.slice(0, at);
    spec = npmSpec(`${scope}/create${at < 0 ? '' : t.slice(at)}`);
    if (spec) spec = { ...spec, from: 0, to: scope.length };
  } else {
    spec = npmSpec(t);
    if (spec) {
      const slash = spec.name.indexOf('/');
      const name =
        slash < 0
          ? `create-${spec.name}`
          : `${spec.name.slice(0, slash)}/create-${spec.name.slice(slash + 1)}`;
      spec = { ...spec, name };
    }
  }
  return spec ? [found('npm', first, spec)] : [];
}

const INSTALL_ALIASES = 'install i add in ins inst insta instal isnt isnta isntal isntall install-test it';
const npmInstallers: Record<string, Installer> = {
  exec: runnerNames,
  x: runnerNames,
  create: createName,
  init: createName,
};
for (const alias of INSTALL_ALIASES.split(' ')) npmInstallers[alias] = npmInstall;

/** `yarn workspace <name> add …` names a workspace first. */
const yarnInstallers: Record<string, Installer> = {
  add: npmNames,
  install: npmNames,
  dlx: runnerNames,
  create: createName,
  global: subcommands({ add: npmNames }, ADD),
  workspace: (rest) => subcommands({ add: npmNames }, ADD)(rest.slice(1)),
};

export const JS_INSTALLERS: Record<string, Installer> = {
  npm: subcommands(npmInstallers, NPM),
  npx: runnerNames,
  pnpx: runnerNames,
  bunx: runnerNames,
  pnpm: subcommands(
    { add: npmNames, install: npmNames, i: npmNames, dlx: runnerNames, create: createName },
    ADD,
  ),
  yarn: subcommands(yarnInstallers, ADD),
  bun: subcommands(
    {
      add: npmNames,
      a: npmNames,
      install: npmNames,
      i: npmNames,
      x: runnerNames,
      create: createName,
    },
    ADD,
  ),
};
