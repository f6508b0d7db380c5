// JSON schemas of people (admins, developers, devices) and of an invitation just made, shared by their
// routes.
import { Type } from 'typebox';
import type { InvitationSent } from '../identity/invitation-sender.ts';
import { DEVELOPER_STATUSES } from '../identity/developer-types.ts';
import { DEVICE_REVOKED_REASONS, DEVICE_STATUSES } from '../identity/device-types.ts';
import { ROLES } from '../identity/admin-types.ts';
import { NullableTimestamp, Timestamp } from './schemas.ts';

export const Role = Type.Enum([...ROLES], {
  description: 'owner: everything; admin: everything but managing admins; viewer: read only.',
});

export const AdminRecordSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    role: Role,
    status: Type.Enum(['invited', 'active'], { description: 'invited: the invitation is not accepted yet.' }),
    created_at: Timestamp,
    invitation_expires_at: Type.Union([Timestamp, Type.Null()], {
      description: "An invited admin's link expiry; null once active.",
    }),
  },
  { $id: 'AdminRecord' },
);

const developerProperties = {
  id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum([...DEVELOPER_STATUSES], {
    description:
      'invited: the invitation is not accepted yet; pending: asked for access at device sign-in, waiting ' +
      'for approval; active; offboarded: every device and session revoked, the record kept.',
  }),
  created_at: Timestamp,
  updated_at: Timestamp,
  activated_at: NullableTimestamp,
  offboarded_at: NullableTimestamp,
  invitation_expires_at: Type.Union([Timestamp, Type.Null()], {
    description: "An invited developer's link expiry; null otherwise.",
  }),
};

export const DeveloperSchema = Type.Object(developerProperties, { $id: 'Developer' });
/** The same, for a plugin that does not register DeveloperSchema (schemas are scoped to their plugin). */
export const DeveloperInline = Type.Object(developerProperties);

export const DeviceSchema = Type.Object(
  {
    id: Type.String(),
    developer: Type.Object({ id: Type.String(), email: Type.String() }),
    name: Type.String({ description: "The machine's name, as the endpoint client reported it." }),
    platform: Type.Union([Type.String(), Type.Null()]),
    client_version: Type.Union([Type.String(), Type.Null()]),
    status: Type.Enum([...DEVICE_STATUSES]),
    created_at: Timestamp,
    last_seen_at: NullableTimestamp,
    revoked_at: NullableTimestamp,
    revoked_reason: Type.Union([Type.Enum([...DEVICE_REVOKED_REASONS]), Type.Null()], {
      description:
        'revoked: an admin revoked the device; offboarded: its developer was offboarded; signed_out: the ' +
        'endpoint client signed out; refresh_reused: a rotated refresh token was presented again.',
    }),
  },
  { $id: 'Device' },
);

/** What an invite answers besides the person: the link, and whether the e-mail went out. */
export const invitationFields = {
  invitation_url: Type.String({
    description:
      'The link to give the invitee (the e-mail carries the same). It works once, until invitation_expires_at; ' +
      'inviting the same address again replaces it.',
  }),
  invitation_expires_at: Timestamp,
  email: Type.Object({
    status: Type.Enum(['sent', 'failed', 'not_configured'], {
      description: 'not_configured: no mail server is set up (GATEHOUSE_SMTP_URL); give the link yourself.',
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: "The mail server's refusal, when it failed.",
    }),
  }),
};

export function invitationView(i: InvitationSent) {
  return {
    invitation_url: i.url,
    invitation_expires_at: new Date(i.expiresAt).toISOString(),
    email: { status: i.email.status, error: i.email.error },
  };
}
