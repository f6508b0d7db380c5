// Cargo (crates.io), the go command (modules through the module proxy), RubyGems (gem, bundle add)
// and Composer (Packagist). A package taken from a path or a git repository (`cargo add --git …`,
// `bundle add x --path ../x`) is not the registry's and is left out.
import {
  hasOption,
  optionValues,
  readArgs,
  subcommands,
  valued,
  type ArgsStyle,
  NO_OPTIONS,
  type Installer,
} from './args.ts';
import { composerSpec, crateSpec, found, foundAll, gemSpec, goSpec, type Found } from './specs.ts';

const CARGO_GLOBAL: ArgsStyle = { takesValue: valued('--config -Z -C --color --manifest-path') };
const CARGO_ADD: ArgsStyle = {
  takesValue: valued(`--features -F --target --registry --rename --package -p --manifest-path --path --git
    --branch --tag --rev --lockfile-path --config -Z --color`),
};
const CARGO_INSTALL: ArgsStyle = {
  takesValue: valued(`--version --vers --git --branch --tag --rev --path --root --index --registry --bin
    --example --features -F --target --target-dir --profile -j --jobs --config -Z --color`),
};

const cargoAdd: Installer = (words) => {
  const args = readArgs(words, CARGO_ADD);
  if (hasOption(args, '--git', '--path')) return [];
  return foundAll('crates', args.positionals, crateSpec);
};

const cargoInstall: Installer = (words) => {
  const args = readArgs(words, CARGO_INSTALL);
  if (hasOption(args, '--git', '--path')) return [];
  const refs = foundAll('crates', args.positionals, crateSpec);
  // `cargo install ripgrep --version 14.1`: the version given apart.
  const version = optionValues(args, '--version', '--vers')[0];
  if (version && refs.length === 1 && !refs[0]!.version) refs[0]!.version = version.text;
  return refs;
};

/** `cargo +nightly install …`: the toolchain goes first. */
const cargo: Installer = (words) => {
  const rest = words[0]?.text.startsWith('+') ? words.slice(1) : words;
  return subcommands({ add: cargoAdd, install: cargoInstall, binstall: cargoInstall }, CARGO_GLOBAL)(rest);
};

const GO_FLAGS: ArgsStyle = {
  singleDash: true,
  takesValue: valued(`-tags -ldflags -gcflags -asmflags -mod -modfile -o -C -p -overlay -pkgdir -toolexec
    -exec -buildmode -compiler -gccgoflags -installsuffix -pgo -covermode -coverpkg`),
};

/** Module paths: a path with no dot in its first element is the standard library or the main module. */
const goPaths: Installer = (words) => foundAll('go', readArgs(words, GO_FLAGS).positionals, goSpec);

const go = subcommands(
  {
    get: goPaths,
    install: goPaths,
    // `go run path@version` fetches the module; without a version it runs local files.
    run: (words) => {
      const first = readArgs(words, { ...GO_FLAGS, maxPositionals: 1 }).positionals[0];
      return first && first.text.includes('@') ? foundAll('go', [first], goSpec) : [];
    },
  },
  NO_OPTIONS,
);

const GEM_INSTALL: ArgsStyle = {
  takesValue: valued(`-v --version -s --source -i --install-dir -n --bindir --platform -P --trust-policy
    --build-root -g --file --document --env-shebang`),
};

const gemInstall: Installer = (words) => {
  const args = readArgs(words, GEM_INSTALL);
  const refs = foundAll('rubygems', args.positionals, gemSpec);
  const version = optionValues(args, '-v', '--version')[0];
  if (version && refs.length === 1 && !refs[0]!.version) refs[0]!.version = version.text;
  return refs;
};

const BUNDLE_ADD: ArgsStyle = {
  takesValue: valued(
    '-v --version -g --group -s --source -r --require --path --git --github --branch --ref --glob',
  ),
};

const bundleAdd: Installer = (words) => {
  const args = readArgs(words, BUNDLE_ADD);
  if (hasOption(args, '--git', '--github', '--path')) return [];
  return foundAll('rubygems', args.positionals, gemSpec);
};

const COMPOSER: ArgsStyle = {
  takesValue: valued('-d --working-dir --ignore-platform-req --repository --stability -s'),
};

/** `composer require vendor/pkg:^1 other/pkg "^2.0"`: a word without a slash is the previous one's version. */
const composerRequire: Installer = (words) => {
  const out: Found[] = [];
  for (const w of readArgs(words, COMPOSER).positionals) {
    const spec = composerSpec(w.text);
    if (spec) out.push(found('packagist', w, spec));
    else if (out.length && !w.text.includes('/') && !out[out.length - 1]!.version)
      out[out.length - 1]!.version = w.text;
  }
  return out;
};

/** `composer create-project vendor/skeleton dir ^1.0`: only the first positional is a package. */
const composerCreate: Installer = (words) =>
  foundAll('packagist', readArgs(words, COMPOSER).positionals.slice(0, 1), composerSpec);

const composer = subcommands(
  {
    require: composerRequire,
    req: composerRequire,
    'create-project': composerCreate,
    global: subcommands({ require: composerRequire }, COMPOSER),
  },
  COMPOSER,
);

export const OTHER_INSTALLERS: Record<string, Installer> = {
  cargo,
  go,
  gem: subcommands({ install: gemInstall, i: gemInstall }),
  bundle: subcommands({ add: bundleAdd }),
  composer,
  'composer.phar': composer,
};
