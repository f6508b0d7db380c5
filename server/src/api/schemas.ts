// JSON schemas shared by the management API routes: they validate input, shape output (a route never
// returns a database row wholesale) and make the OpenAPI document.
import { Type } from 'typebox';
import { SCOPE_NAMES } from '../identity/scopes.ts';
import { EXPECTS } from '../http/validation-messages.ts';

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable error code; assert on this, not on the message.' }),
      message: Type.String({ description: 'A sentence a person can act on.' }),
      request_id: Type.String(),
      field: Type.Optional(
        Type.String({
          description:
            'The input the error is about, as a path: body.email, body.detectors.custom[0].id, querystring.limit.',
        }),
      ),
    }),
  },
  { $id: 'Error' },
);

export const ScopeName = Type.Enum(SCOPE_NAMES, { description: 'One of the seven scopes.' });
export const Id = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z]+_[a-z0-9]+$',
  [EXPECTS]: 'an id such as cred_3f9a2b',
});
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const AdminView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: Type.Enum(['owner', 'admin', 'viewer']),
  created_at: Timestamp,
});

export const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+$',
  [EXPECTS]: 'an e-mail address such as ana@example.com',
});
/** What a person typed into a filter's search: trimmed by the caller, bounded here. */
export const SearchText = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
export const Password = Type.String({ minLength: 1, maxLength: 1024 });

export const errorResponses = {
  400: Type.Ref('Error'),
  401: Type.Ref('Error'),
  403: Type.Ref('Error'),
  429: Type.Ref('Error'),
};
