// extractFromCommand: each installer with its options, versions, scopes and extras; what is not a
// registry package; and the shell around the installer (quotes, operators, wrappers, nested shells,
// here-documents). Names are shown as `ecosystem:name@version`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFromCommand } from '../../src/slopsquat/extract/index.ts';
import type { PackageRef } from '../../src/slopsquat/slopsquat-contract.ts';

const show = (refs: PackageRef[]) =>
  refs.map((r) => `${r.ecosystem}:${r.name}${r.version ? `@${r.version}` : ''}`);
const names = (command: string) => show(extractFromCommand(command));

test('npm, pnpm, yarn and bun: names, versions, scopes, flags and options with values', () => {
  assert.deepEqual(names('npm i -D express@^4.18.2 @types/node lodash'), [
    'npm:express@^4.18.2',
    'npm:@types/node',
    'npm:lodash',
  ]);
  assert.deepEqual(names('npm install --save-dev --registry https://r.example/ @scope/pkg@next'), [
    'npm:@scope/pkg@next',
  ]);
  assert.deepEqual(names('npm --prefix web -g add left-pad'), ['npm:left-pad']);
  // npm's -w names a workspace; pnpm's -w is the workspace root (a flag).
  assert.deepEqual(names('npm i -w packages/api zod'), ['npm:zod']);
  assert.deepEqual(names('pnpm add -w -D zod'), ['npm:zod']);
  assert.deepEqual(names('pnpm --filter api add zod'), ['npm:zod']);
  assert.deepEqual(names('yarn add --dev jest'), ['npm:jest']);
  assert.deepEqual(names('yarn workspace web add react'), ['npm:react']);
  assert.deepEqual(names('yarn global add nodemon'), ['npm:nodemon']);
  assert.deepEqual(names('bun add -d vitest && bun i hono'), ['npm:vitest', 'npm:hono']);
  // The alias installs the package after npm:.
  assert.deepEqual(names('npm i my-lodash@npm:lodash@^4'), ['npm:lodash@^4']);
});

test('npm: no names in a bare install, paths, URLs, git sources, tarballs or GitHub shorthand', () => {
  for (const command of [
    'npm install',
    'npm ci',
    'npm i ./lib ../x /abs ~/pkg .',
    'npm i https://example.com/x.tgz git+https://github.com/a/b.git git@github.com:a/b.git',
    'npm i expressjs/express github:a/b file:../x',
    'npm i ./pkg-1.0.0.tgz',
    'npm run build && npm test && npm uninstall lodash',
  ])
    assert.deepEqual(names(command), [], command);
});

test('runners fetch the package they run: npx, npm exec, pnpm dlx, yarn dlx, bunx; create/init run create-*', () => {
  assert.deepEqual(names('npx -y create-react-app@5 my-app --template typescript'), [
    'npm:create-react-app@5',
  ]);
  // The runner's own options come before the package; what follows it is the command's.
  assert.deepEqual(names('npx tsc -p tsconfig.json'), ['npm:tsc']);
  assert.deepEqual(names('npx -p @angular/cli ng new shop'), ['npm:@angular/cli']);
  assert.deepEqual(names('npx --package=typescript --package ts-node tsc'), [
    'npm:typescript',
    'npm:ts-node',
  ]);
  assert.deepEqual(names('npx -c "eslint ."'), []);
  assert.deepEqual(names('npm exec --yes -- prettier --check .'), ['npm:prettier']);
  assert.deepEqual(names('pnpm dlx degit user/repo app'), ['npm:degit']);
  assert.deepEqual(names('yarn dlx -p cowsay cowsay hi'), ['npm:cowsay']);
  assert.deepEqual(names('bunx --bun vite'), ['npm:vite']);
  assert.deepEqual(names('npm create vite@latest my-app -- --template react'), ['npm:create-vite@latest']);
  assert.deepEqual(names('npm init @vitejs/app'), ['npm:@vitejs/create-app']);
  assert.deepEqual(names('npm init @scope'), ['npm:@scope/create']);
  assert.deepEqual(names('yarn create next-app'), ['npm:create-next-app']);
  assert.deepEqual(names('npm init -y'), []);
});

test('pip, python -m pip, uv, Poetry, pipx, Pipenv, PDM: PEP 503 names, extras, specifiers', () => {
  assert.deepEqual(names('pip install "requests[socks]>=2.31" Flask_Login numpy==1.26.4'), [
    'pypi:requests@>=2.31',
    'pypi:flask-login',
    'pypi:numpy@==1.26.4',
  ]);
  assert.deepEqual(names('pip3 install -qU --user black'), ['pypi:black']);
  assert.deepEqual(names('python3 -m pip install --upgrade pip'), ['pypi:pip']);
  assert.deepEqual(names('python -X utf8 -m pip install rich'), ['pypi:rich']);
  assert.deepEqual(names('py -3 -m pip install httpx'), ['pypi:httpx']);
  assert.deepEqual(names('python -c "import pip" install x'), []);
  assert.deepEqual(names('uv add "fastapi[all]" --dev pytest'), ['pypi:fastapi', 'pypi:pytest']);
  assert.deepEqual(names('uv pip install --system ruff'), ['pypi:ruff']);
  assert.deepEqual(names('uv tool install ruff@0.4 --with black'), ['pypi:ruff@0.4', 'pypi:black']);
  assert.deepEqual(names('uvx ruff@latest check .'), ['pypi:ruff@latest']);
  assert.deepEqual(names('uvx --from httpie http GET x'), ['pypi:httpie']);
  assert.deepEqual(names('uv run --with rich script.py'), ['pypi:rich']);
  assert.deepEqual(names('poetry add requests@^2.31 "pendulum>=2" --group dev'), [
    'pypi:requests@^2.31',
    'pypi:pendulum@>=2',
  ]);
  assert.deepEqual(names('pipx install black && pipx run --spec cowsay==6 cowsay hi'), [
    'pypi:black',
    'pypi:cowsay@==6',
  ]);
  assert.deepEqual(names('pipx inject poetry poetry-plugin-export'), ['pypi:poetry-plugin-export']);
  assert.deepEqual(names('pipenv install django && pdm add -G test pytest'), ['pypi:django', 'pypi:pytest']);
  assert.deepEqual(names('pip download --no-deps -d /tmp six'), ['pypi:six']);
});

test('pip: requirement files, editable installs, indexes, paths, URLs and direct references are no names', () => {
  for (const command of [
    'pip install -r requirements.txt',
    'pip install -rrequirements.txt -c constraints.txt',
    'pip install -e .',
    'pip install --editable ./pkg',
    'pip install --index-url https://pypi.example/simple --extra-index-url https://x/simple -f ./wheels',
    'pip install ./dist/pkg-1.0-py3-none-any.whl ../src https://x/y.tar.gz',
    'pip install git+https://github.com/psf/requests.git',
    'pip install "pkg @ https://example.com/pkg.zip"',
    'pip uninstall requests && pip freeze && pip show numpy',
    'uv sync && poetry install',
  ])
    assert.deepEqual(names(command), [], command);
});

test('cargo, go, gem, bundle and composer', () => {
  assert.deepEqual(names('cargo add serde --features derive tokio@1'), ['crates:serde', 'crates:tokio@1']);
  assert.deepEqual(names('cargo add --dev --rename json serde_json'), ['crates:serde_json']);
  assert.deepEqual(names('cargo install ripgrep --version 14.1.0'), ['crates:ripgrep@14.1.0']);
  assert.deepEqual(names('cargo +nightly install --locked cargo-watch'), ['crates:cargo-watch']);
  assert.deepEqual(names('cargo add --git https://github.com/a/b b && cargo install --path .'), []);
  assert.deepEqual(names('go get github.com/spf13/cobra@v1.8.0 ./...'), ['go:github.com/spf13/cobra@v1.8.0']);
  // A package inside a repository-hosted module is read as the module.
  assert.deepEqual(names('go install github.com/golang-migrate/migrate/v4/cmd/migrate@latest'), [
    'go:github.com/golang-migrate/migrate/v4@latest',
  ]);
  assert.deepEqual(names('go install -ldflags "-s -w" golang.org/x/tools/gopls@latest'), [
    'go:golang.org/x/tools/gopls@latest',
  ]);
  assert.deepEqual(names('go run github.com/a/tool@v1 --flag && go run ./cmd/x'), [
    'go:github.com/a/tool@v1',
  ]);
  assert.deepEqual(names('go get all && go install cmd/vet && go get -u ./...'), []);
  assert.deepEqual(names('gem install rails -v 7.1.0 --no-document'), ['rubygems:rails@7.1.0']);
  assert.deepEqual(names('gem install pry:0.14 ./local.gem'), ['rubygems:pry@0.14']);
  assert.deepEqual(names('bundle add sidekiq --group production && bundle add x --path ../x'), [
    'rubygems:sidekiq',
  ]);
  assert.deepEqual(names('composer require laravel/framework:^11 "Monolog/Monolog" "^3.0" php ext-json'), [
    'packagist:laravel/framework@^11',
    'packagist:monolog/monolog@^3.0',
  ]);
  assert.deepEqual(names('composer create-project laravel/laravel blog ^11'), ['packagist:laravel/laravel']);
  assert.deepEqual(names('php composer.phar global require laravel/pint'), ['packagist:laravel/pint']);
  assert.deepEqual(names('composer install && bundle install'), []);
});

test('the shell: operators, quotes, escapes, continuations, comments, redirections, substitutions', () => {
  assert.deepEqual(names('cd app && npm i a; pip install b || yarn add c | tee log & bun add d'), [
    'npm:a',
    'pypi:b',
    'npm:c',
    'npm:d',
  ]);
  assert.deepEqual(names('pip install \'a>=1\' "b[x]" c\\ d'), ['pypi:a@>=1', 'pypi:b']);
  assert.deepEqual(names('pip install \\\n  numpy \\\n  pandas'), ['pypi:numpy', 'pypi:pandas']);
  assert.deepEqual(names('# npm i commented\nnpm i real # npm i trailing'), ['npm:real']);
  assert.deepEqual(names('npm i x > out.log 2>&1 < /dev/null'), ['npm:x']);
  assert.deepEqual(names('echo $(npm i a) `pip install b` && (cd x && cargo add c)'), [
    'npm:a',
    'pypi:b',
    'crates:c',
  ]);
  // Bash's $'…' decodes escapes: this is left-pad.
  assert.deepEqual(names("npm i $'left\\x2dpad'"), ['npm:left-pad']);
  assert.deepEqual(names('echo "npm install express" && printf "pip install x"'), []);
});

test('wrappers and nested shells: VAR=1, sudo, env, timeout, nohup, bash -lc, sh -c, eval, cmd /c, pwsh, docker', () => {
  assert.deepEqual(names('CI=1 FOO="a b" npm i a'), ['npm:a']);
  assert.deepEqual(names('sudo -u deploy -H env -u X NODE_ENV=1 npm i -g a'), ['npm:a']);
  assert.deepEqual(names('env -S "pip install b"'), ['pypi:b']);
  assert.deepEqual(names('timeout -s KILL 60 nohup nice -n 5 time cargo install c'), ['crates:c']);
  assert.deepEqual(names('bash -lc "npm i a && sh -c \'pip install b\'"'), ['npm:a', 'pypi:b']);
  assert.deepEqual(names('bash -e -o pipefail -c "gem install d"'), ['rubygems:d']);
  assert.deepEqual(names('bash script.sh npm i x'), []);
  assert.deepEqual(names('eval "go get example.com/m@v1"'), ['go:example.com/m@v1']);
  assert.deepEqual(names('cmd /c "npm install a" && pwsh -Command "pip install b"'), ['npm:a', 'pypi:b']);
  assert.deepEqual(names('docker compose exec api bash -lc "pip install c"'), ['pypi:c']);
  // Backslashes escape in a POSIX shell: a Windows path is read quoted.
  assert.deepEqual(names("/usr/local/bin/npm i a && 'C:\\node\\npm.cmd' i b"), ['npm:a', 'npm:b']);
  assert.deepEqual(names('command -v npm && which pip'), []);
  // Nesting is read 4 deep, and no deeper.
  let line = 'npm i deep';
  for (let i = 0; i < 8; i++) line = `sh -c ${JSON.stringify(line)}`;
  assert.deepEqual(names(line), []);
});

test('manifests a command writes: here-documents, echo and printf', () => {
  const heredoc = 'cat > app/package.json <<\'EOF\'\n{"dependencies": {"a": "^1"}}\nEOF\nnpm i b';
  assert.deepEqual(names(heredoc), ['npm:a@^1', 'npm:b']);
  assert.deepEqual(
    extractFromCommand(heredoc).map((r) => r.source),
    ['manifest', 'command'],
  );
  assert.deepEqual(names('tee requirements.txt <<EOF\nflask==3.0\nEOF'), ['pypi:flask@==3.0']);
  assert.deepEqual(names('cat <<-EOF > Cargo.toml\n\t[dependencies]\n\tserde = "1"\n\tEOF'), [
    'crates:serde@1',
  ]);
  assert.deepEqual(names("echo 'rich>=13' >> requirements-dev.txt"), ['pypi:rich@>=13']);
  assert.deepEqual(names("printf 'a==1\\nb==2\\n' > requirements.txt"), ['pypi:a@==1', 'pypi:b@==2']);
  // A here-document is no command, and one written elsewhere names nothing.
  assert.deepEqual(names('cat > notes.md <<EOF\nnpm install not-a-command\nEOF'), []);
});

test('offsets point at the name in the command line, through quotes and nested shells', () => {
  for (const [command, name] of [
    ['npm i -D express@^4', 'express'],
    ['pip install "requests[socks]>=2"', 'requests'],
    ['bash -lc "pip install  flask"', 'flask'],
    ['sh -c "bash -c \'cargo add serde\'"', 'serde'],
    ['composer require Laravel/Framework:^11', 'Laravel/Framework'],
  ]) {
    const [ref] = extractFromCommand(command!);
    assert.ok(ref, command);
    assert.equal(command!.slice(ref.start, ref.end), name, command);
    assert.equal(ref.source, 'command');
  }
  // A PyPI name is normalised; its offsets are still those of the name as written.
  const [ref] = extractFromCommand('pip install Flask_Login');
  assert.equal(ref!.name, 'flask-login');
  assert.equal('pip install Flask_Login'.slice(ref!.start, ref!.end), 'Flask_Login');
});

test('a shell among the arguments is read only where a command runs it elsewhere (docker, kubectl, ssh)', () => {
  assert.deepEqual(names('kubectl exec -it api -- sh -c "pip install a"'), ['pypi:a']);
  assert.deepEqual(names('ssh build@ci bash -lc "npm i b"'), ['npm:b']);
  assert.deepEqual(names('echo bash -c "npm i c"'), []);
  assert.deepEqual(names('git commit -m x -- sh -c "npm i d"'), []);
});
