// The seven scopes of machine credentials, and what each opens (shown in the OpenAPI document and,
// later, next to each checkbox in the console).
export const SCOPES = {
  'audit:read': 'Read audit events (the SIEM pull) and Gateway activity',
  'risk:read': 'Read risk findings',
  'policy:read': 'Read the policy, provider keys and MCP servers',
  'policy:write': 'Change the policy, provider keys and MCP servers (a holder can turn enforcement off)',
  'users:read': 'Read admins, developers and devices',
  // The spec's "people" are read as the developers: an admin can do more than any scope (an owner mints
  // credentials), so admins stay an owner's to manage, in the console (docs/decisions/people.md).
  'users:write':
    "Invite, approve and offboard developers; revoke devices. Not admins: those are an owner's to manage, in the console",
  'gateway:invoke': 'Send AI requests through the Gateway',
} as const;

export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

export function isScope(s: string): s is Scope {
  return Object.hasOwn(SCOPES, s);
}

// Access tokens carry their scopes as a bit set, in SCOPE_NAMES order: append new scopes at the end.
export function scopesToBits(scopes: readonly Scope[]): number {
  return scopes.reduce((bits, s) => bits | (1 << SCOPE_NAMES.indexOf(s)), 0);
}

export function bitsToScopes(bits: number): Scope[] {
  return SCOPE_NAMES.filter((_, i) => (bits & (1 << i)) !== 0);
}
