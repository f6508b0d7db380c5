// GATEHOUSE_SLOPSQUAT_REGISTRIES: the public registries by default, a mirror for the ecosystems named,
// and a one-line refusal naming the setting for anything else.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { ConfigError } from '../../src/config-source.ts';
import { DEFAULT_REGISTRIES } from '../../src/slopsquat/registry/registry-urls.ts';

describe('GATEHOUSE_SLOPSQUAT_REGISTRIES', () => {
  test('unset: the public registries', () => {
    assert.deepEqual(loadConfig({}).slopsquatRegistries, {
      npm: 'https://registry.npmjs.org',
      pypi: 'https://pypi.org',
      crates: 'https://crates.io',
      go: 'https://proxy.golang.org',
      rubygems: 'https://rubygems.org',
      packagist: 'https://repo.packagist.org',
    });
  });

  test('the ecosystems named get their mirror (path kept, trailing slash dropped); the others keep the default', () => {
    const c = loadConfig({
      GATEHOUSE_SLOPSQUAT_REGISTRIES:
        ' npm=https://artifactory.corp.example/artifactory/api/npm/npm-remote/ , go=http://goproxy.internal:8080',
    });
    assert.deepEqual(c.slopsquatRegistries, {
      ...DEFAULT_REGISTRIES,
      npm: 'https://artifactory.corp.example/artifactory/api/npm/npm-remote',
      go: 'http://goproxy.internal:8080',
    });
  });

  test('a flag wins over the variable', () => {
    const c = loadConfig({ GATEHOUSE_SLOPSQUAT_REGISTRIES: 'pypi=https://a.example' }, [
      '--slopsquat-registries',
      'pypi=https://b.example',
    ]);
    assert.equal(c.slopsquatRegistries.pypi, 'https://b.example');
  });

  test('refused in one line naming the setting: unknown ecosystem, no "=", not an http(s) base URL', () => {
    for (const value of [
      'maven=https://repo.example',
      'npm',
      'npm=ftp://mirror.example',
      'npm=not a url',
      'npm=https://user:secret@mirror.example',
      'pypi=https://mirror.example/simple?x=1',
    ]) {
      assert.throws(
        () => loadConfig({ GATEHOUSE_SLOPSQUAT_REGISTRIES: value }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.message.startsWith('GATEHOUSE_SLOPSQUAT_REGISTRIES:') &&
          !err.message.includes('\n') &&
          !err.message.includes('secret@'),
        value,
      );
    }
  });

  test('GATEHOUSE_PROVIDER_API_URLS, read the same way, still is', () => {
    assert.deepEqual(
      loadConfig({ GATEHOUSE_PROVIDER_API_URLS: 'openai=http://127.0.0.1:9/v1/' }).providerApiUrls,
      {
        openai: 'http://127.0.0.1:9/v1',
      },
    );
    assert.throws(
      () => loadConfig({ GATEHOUSE_PROVIDER_API_URLS: 'nope=http://x' }),
      /GATEHOUSE_PROVIDER_API_URLS: "nope=http:\/\/x" is not <provider>=<URL>/,
    );
  });
});
