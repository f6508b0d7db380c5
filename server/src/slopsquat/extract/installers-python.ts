// The Python installers, all fetching from PyPI: pip (and `python -m pip`), uv (`uv add`, `uv pip
// install`, `uv tool install`, `uvx`), Poetry, pipx, Pipenv and PDM. What they take from elsewhere is
// left out: requirement files (`-r requirements.txt`), editable installs (`-e .`), paths, URLs and
// `name @ url` direct references.
import {
  optionValues,
  readArgs,
  subcommands,
  valued,
  type Args,
  type ArgsStyle,
  type Installer,
} from './args.ts';
import type { Word } from './shell-words.ts';
import { foundAll, pep508, type Found } from './specs.ts';

const PIP_GLOBAL = `--log --proxy --retries --timeout --exists-action --trusted-host --cert --client-cert
  --cache-dir --python --use-feature --use-deprecated --keyring-provider`;
const PIP_INSTALL = `${PIP_GLOBAL} -r --requirement -c --constraint -e --editable -i --index-url
  --extra-index-url -f --find-links -t --target --prefix --root --src --upgrade-strategy --platform
  --python-version --implementation --abi --only-binary --no-binary --progress-bar -C --config-settings
  --global-option --install-option --report --group --index-strategy --resolution --prerelease
  --exclude-newer --link-mode --extra -p --python-platform --torch-backend --override --build-constraint`;
const UV_PROJECT = `--optional --group --index --default-index --index-url --extra-index-url -r --requirements
  -c --constraints --package --script --python -p --directory --project --branch --tag --rev --marker -m
  --extra --bounds --cache-dir --config-file --color --index-strategy --keyring-provider --resolution
  --prerelease --exclude-newer --link-mode --find-links -f --with -w --with-requirements --with-editable
  --from --python-platform --config-setting -C`;
const POETRY = `--group -G --extras -E --python --platform --source --markers --directory -C --project -P`;
const PIPX = `--python --pip-args --index-url --suffix --preinstall --spec --global --backend -e --editable`;
const PIPENV = `--python --categories -r --requirements --index -i --extra-index-url --pypi-mirror`;
const PDM = `-G --group -p --project -L --lockfile --config -c -v --venv --update-strategy`;

const style = (list: string, maxPositionals?: number): ArgsStyle =>
  maxPositionals ? { takesValue: valued(list), maxPositionals } : { takesValue: valued(list) };

function specs(words: readonly Word[], at: 'url' | 'version' = 'url'): Found[] {
  return foundAll('pypi', words, (t) => pep508(t, at));
}

const positionalsOf =
  (list: string, at: 'url' | 'version' = 'url'): Installer =>
  (words) =>
    specs(readArgs(words, style(list)).positionals, at);

const pipInstall = positionalsOf(PIP_INSTALL);

/** `pip [global options] install …` (download fetches from PyPI too). */
const pip = subcommands({ install: pipInstall, download: pipInstall }, style(PIP_GLOBAL));

/** What a run names: `--from` (the package that provides the command) or the command itself, with `--with`. */
function runNames(args: Args, at: 'url' | 'version'): Found[] {
  const from = optionValues(args, '--from', '--spec');
  const out = specs(from.length ? from : args.positionals, at);
  return out.concat(specs(optionValues(args, '--with', '-w', '--preinstall')));
}

/** uvx takes `tool@version` (`uvx ruff@latest`). */
const uvRun: Installer = (words) => runNames(readArgs(words, style(UV_PROJECT, 1)), 'version');
const uvToolInstall: Installer = (words) => {
  const args = readArgs(words, style(UV_PROJECT));
  return specs(args.positionals, 'version').concat(specs(optionValues(args, '--with', '-w')));
};

const UV_GLOBAL = '--directory --project --cache-dir --config-file --color --python -p';
const uv = subcommands(
  {
    add: positionalsOf(UV_PROJECT),
    pip: subcommands({ install: pipInstall }, style(UV_GLOBAL)),
    tool: subcommands({ install: uvToolInstall, run: uvRun }, style(UV_GLOBAL)),
    run: (words) => specs(optionValues(readArgs(words, style(UV_PROJECT, 1)), '--with', '-w')),
  },
  style(UV_GLOBAL),
);

const pipx = subcommands(
  {
    install: (words) => {
      const args = readArgs(words, style(PIPX));
      return specs(args.positionals).concat(specs(optionValues(args, '--preinstall')));
    },
    run: (words) => runNames(readArgs(words, style(PIPX, 1)), 'url'),
    // `pipx inject <venv> <packages…>`: the first positional is the environment.
    inject: (words) => specs(readArgs(words, style(PIPX)).positionals.slice(1)),
  },
  style('--verbose'),
);

export const PYTHON_INSTALLERS: Record<string, Installer> = {
  pip,
  pip3: pip,
  uv,
  uvx: uvRun,
  poetry: subcommands({ add: positionalsOf(POETRY, 'version') }, style('--directory -C --project -P')),
  pipx,
  pipenv: subcommands({ install: positionalsOf(PIPENV) }, style('--python')),
  pdm: subcommands({ add: positionalsOf(PDM) }, style('-p --project')),
};

const PYTHON_OPTIONS = valued('-X -W');
/** Modules that `python -m` runs as installers. */
const MODULES: Record<string, Installer> = { pip, uv, pipx };

/** `python -m pip install …` (python3, python3.12, py). */
export function pythonModule(words: readonly Word[]): Found[] {
  for (let i = 0; i < words.length; i++) {
    const t = words[i]!.text;
    if (t === '-m') {
      const run = MODULES[words[i + 1]?.text ?? ''];
      return run ? run(words.slice(i + 2)) : [];
    }
    if (t.startsWith('-m') && t.length > 2) {
      const run = MODULES[t.slice(2)];
      return run ? run(words.slice(i + 1)) : [];
    }
    // A script, or `-c code`: no module is run.
    if (t[0] !== '-' || t === '-c') return [];
    if (PYTHON_OPTIONS.has(t)) i++;
  }
  return [];
}

/** python, python3, python3.12, py (the Windows launcher, `py -3 -m pip`). */
export const isPython = (command: string) => /^(?:python(?:\d(?:\.\d{1,2})?)?|py)$/.test(command);
