// Where each ecosystem's registry is. The public registries by default; a team that installs through
// a mirror (Artifactory, Nexus, Verdaccio, devpi, a private Go proxy) names it instead, in
// GATEHOUSE_SLOPSQUAT_REGISTRIES (config.ts) or, later, in the console (PackageLookup.setRegistries):
// the answer that matters is the one the team's installs will get.
import { ECOSYSTEMS, type Ecosystem } from '../slopsquat-contract.ts';

/** Each ecosystem's registry base URL: origin and path prefix, no trailing slash. */
export type RegistryUrls = Readonly<Record<Ecosystem, string>>;

export const DEFAULT_REGISTRIES: RegistryUrls = {
  npm: 'https://registry.npmjs.org',
  pypi: 'https://pypi.org',
  crates: 'https://crates.io',
  go: 'https://proxy.golang.org',
  rubygems: 'https://rubygems.org',
  packagist: 'https://repo.packagist.org',
};

export function isEcosystem(value: string): value is Ecosystem {
  return (ECOSYSTEMS as readonly string[]).includes(value);
}

/** The defaults with these ecosystems' registries put in their place. */
export function withDefaults(urls: Partial<Record<Ecosystem, string>>): RegistryUrls {
  return { ...DEFAULT_REGISTRIES, ...urls };
}
