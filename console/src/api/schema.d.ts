// Generated from the management API's OpenAPI document by `npm run api:generate -w console`.
// Do not edit: change the route schemas in server/src/api and generate again.
export interface paths {
  '/api/oauth/device_authorization': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a device sign-in (RFC 8628 device authorization request)
     * @description Form-encoded: client_id=gatehouse-client, optional scope (only gateway:invoke), optional device_name, platform and client_version. Returns {device_code, user_code, verification_uri, verification_uri_complete, expires_in: 600, interval: 5}; the device then polls /api/oauth/token.
     *
     *     Who may call it: anyone.
     */
    post: operations['deviceAuthorization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign a device out (RFC 7009 token revocation)
     * @description Form-encoded: token (a ghdr_ refresh token or a ghdt_ device token), client_id=gatehouse-client, optional token_type_hint. Ends the session and its device. Always 200, unknown tokens included.
     *
     *     Who may call it: anyone.
     */
    post: operations['revokeToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The token endpoint: client credentials, device code and refresh token grants
     * @description Form-encoded (RFC 6749 §3.2). grant_type=client_credentials with client_id and client_secret (or HTTP Basic) and an optional scope → {access_token, token_type: "Bearer", expires_in: 3600, scope}. grant_type=urn:ietf:params:oauth:grant-type:device_code with device_code and client_id=gatehouse-client (RFC 8628 §3.4), and grant_type=refresh_token with refresh_token and the same client_id → a device token, a rotated refresh token, device_id, developer and gateway_url. Errors are RFC 6749 §5.2 JSON.
     *
     *     Who may call it: anyone.
     */
    post: operations['token'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Gateway requests, after a cursor or newest first, with filters
     * @description In ascending order (the default), poll with the last next_cursor as after to receive every row exactly once; when no row follows, next_cursor repeats the cursor you sent. With order=desc, pass next_cursor as before for the next, older page; next_cursor is null after the oldest row. since is inclusive, until exclusive.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the audit:read scope.
     */
    get: operations['listActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the admins, invited ones included, oldest first
     * @description Who may call it: an admin session with role owner or above, or a token with the users:read scope.
     */
    get: operations['listAdmins'];
    put?: never;
    /**
     * Invite an admin with a role; returns the invitation link, and e-mails it when a mail server is set
     * @description Inviting an address that is invited already replaces its link (and sets the role): 200 instead of 201.
     *
     *     Who may call it: an admin session with role owner or above.
     */
    post: operations['inviteAdmin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admins/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove an admin (their sessions end at once); 409 for the last active owner
     * @description Who may call it: an admin session with role owner or above.
     */
    delete: operations['removeAdmin'];
    options?: never;
    head?: never;
    /**
     * Change an admin's role; 409 if it would leave no active owner
     * @description Who may call it: an admin session with role owner or above.
     */
    patch: operations['changeAdminRole'];
    trace?: never;
  };
  '/api/v1/audit/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Audit events after a cursor (the SIEM pull), or newest first
     * @description In ascending order (the default), poll with the last next_cursor as after to receive every row exactly once; when no row follows, next_cursor repeats the cursor you sent. With order=desc, pass next_cursor as before for the next, older page; next_cursor is null after the oldest row. since is inclusive, until exclusive.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the audit:read scope.
     */
    get: operations['listAuditEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credentials': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API credentials (never their secrets)
     * @description Who may call it: an admin session with role viewer or above.
     */
    get: operations['listCredentials'];
    put?: never;
    /**
     * Create an API credential
     * @description Returns the client id and the client secret; the secret is shown in this response and never again.
     *
     *     Who may call it: an admin session with role admin or above.
     */
    post: operations['createCredential'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credentials/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one API credential (never its secret)
     * @description Who may call it: an admin session with role viewer or above.
     */
    get: operations['getCredential'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credentials/{id}/reissue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a new client secret; the old secret and its tokens stop working at once
     * @description Who may call it: an admin session with role admin or above.
     */
    post: operations['reissueCredential'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/credentials/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke an API credential, permanently; its tokens stop working at once
     * @description Who may call it: an admin session with role admin or above.
     */
    post: operations['revokeCredential'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/detectors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The policy’s detectors: what each finds
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['listDetectors'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developer/access-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for access while signing a device in: a pending account, the device approved on its behalf
     * @description For someone without an account: creates a pending developer with this password, signs them in (the cookie, as POST /developer/session) and approves the device code, which then waits for an admin to approve the account. 201 when the account is new; 200 when the same pending developer asks again (with the same password). An invited developer opens their invitation instead (409); an active one signs in (409); an offboarded one is refused (403). Wrong user codes count against the address.
     *
     *     Who may call it: anyone.
     */
    post: operations['requestDeveloperAccess'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developer/device-authorizations/{user_code}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What a user code is asking for: the device, the address it asked from, and until when
     * @description Who may call it: a developer signed in to the console (POST /api/v1/developer/session); no admin session or token opens it.
     */
    get: operations['getDeviceAuthorization'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developer/device-authorizations/{user_code}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a device sign-in: the device's next poll gets its tokens
     * @description Answering the same way twice answers as the first time did; the other way round is a 409.
     *
     *     Who may call it: a developer signed in to the console (POST /api/v1/developer/session); no admin session or token opens it.
     */
    post: operations['approveDeviceAuthorization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developer/device-authorizations/{user_code}/deny': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deny a device sign-in: the device's next poll gets access_denied
     * @description Answering the same way twice answers as the first time did; the other way round is a 409.
     *
     *     Who may call it: a developer signed in to the console (POST /api/v1/developer/session); no admin session or token opens it.
     */
    post: operations['denyDeviceAuthorization'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developer/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in developer
     * @description Who may call it: a developer signed in to the console (POST /api/v1/developer/session); no admin session or token opens it.
     */
    get: operations['getDeveloperSession'];
    put?: never;
    /**
     * Sign a developer in to the console (to approve a device sign-in)
     * @description Sets the HttpOnly gatehouse_developer_session cookie (12 hours). Send the returned csrf_token as x-csrf-token with every change. Repeated failures are slowed down per account and per address.
     *
     *     Who may call it: anyone.
     */
    post: operations['developerSignIn'];
    /**
     * Sign the developer out of the console
     * @description Who may call it: a developer signed in to the console (POST /api/v1/developer/session); no admin session or token opens it.
     */
    delete: operations['developerSignOut'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Developers in order of creation, after a cursor or newest first, by status or e-mail
     * @description since and until select by creation time.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the users:read scope.
     */
    get: operations['listDevelopers'];
    put?: never;
    /**
     * Invite a developer; returns the invitation link, and e-mails it when a mail server is set
     * @description Inviting an address that is invited already replaces its link, and an offboarded developer can be invited back: both answer 200 instead of 201. An active or pending developer is a 409.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the users:write scope.
     */
    post: operations['inviteDeveloper'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One developer
     * @description Who may call it: an admin session with role viewer or above, or a token with the users:read scope.
     */
    get: operations['getDeveloper'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developers/{id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a developer who asked for access at device sign-in (pending → active)
     * @description Who may call it: an admin session with role admin or above, or a token with the users:write scope.
     */
    post: operations['approveDeveloper'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/developers/{id}/offboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Offboard a developer: every device and session revoked at once, the record and history kept
     * @description Who may call it: an admin session with role admin or above, or a token with the users:write scope.
     */
    post: operations['offboardDeveloper'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/devices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Devices in order of sign-in, after a cursor or newest first, by developer or status
     * @description since and until select by sign-in time.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the users:read scope.
     */
    get: operations['listDevices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/devices/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a device and its sessions, permanently; the machine must sign in again
     * @description Who may call it: an admin session with role admin or above, or a token with the users:write scope.
     */
    post: operations['revokeDevice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation by choosing a password; an admin is signed in at once
     * @description For an admin, sets the session cookie and returns the csrf_token, as signing in does. The link works once: a used, expired or unknown token is a 410 that says which.
     *
     *     Who may call it: anyone.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/inspect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * What an invitation is for (kind, e-mail address, role), before accepting it
     * @description A used, expired or unknown token is a 410 that says which.
     *
     *     Who may call it: anyone.
     */
    post: operations['inspectInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/models': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The models the Gateway lists at GET /v1/models
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getModelList'];
    /**
     * Curate the Gateway’s model list, or reset it to follow the provider keys
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    put: operations['setModelList'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The policy in force, with its ETag
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getPolicy'];
    /**
     * Replace the policy (If-Match required)
     * @description Send the whole document and, in If-Match, the ETag of the version you changed (from GET). If another change came first: 412, and the ETag in force is in the response. Without If-Match: 428 (If-Match: * replaces whatever is in force). The same document again makes no new version. Lowering enforcement is audited as such and raises a risk finding.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    put: operations['replacePolicy'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/policy/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The policy’s versions, newest first: who changed what, when, and the difference
     * @description Pass next_cursor as before for the next, older page; it is null after version 1.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['listPolicyVersions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/policy/versions/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One version of the policy, whole
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getPolicyVersion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/provider-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List provider keys (secrets masked)
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['listProviderKeys'];
    put?: never;
    /**
     * Add a provider key
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['createProviderKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/provider-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one provider key (secret masked)
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getProviderKey'];
    put?: never;
    post?: never;
    /**
     * Delete a provider key; requests for its models then get 424 until another key enables them
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    delete: operations['deleteProviderKey'];
    options?: never;
    head?: never;
    /**
     * Change a provider key’s name, endpoint or enabled models (rotate changes the secret)
     * @description A new base_url needs `secret` in the same request (the current secret or a new one): the key is sent wherever base_url points, so only someone who holds it may move it. Without it: 400 secret_required. `secret` without base_url is a 400: rotate replaces a secret. The move is audited as provider_key.base_url_changed, with the old and new addresses.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    patch: operations['updateProviderKey'];
    trace?: never;
  };
  '/api/v1/provider-keys/{id}/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the secret; the next request uses the new one and the old one is never sent again
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['rotateProviderKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/providers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The provider families and the Gateway paths served with their keys
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['listProviderFamilies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/risk/findings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Risk findings in order of first sighting, after a cursor or newest first, with filters
     * @description The cursor follows first sightings: poll with the last next_cursor as after to receive each new finding once (a finding seen again keeps its place; read it again by id for its count). With order=desc, pass next_cursor as before for older ones. since and until select the findings seen in that window: last seen at or after since, first seen before until.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the risk:read scope.
     */
    get: operations['listRiskFindings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/risk/findings/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One risk finding
     * @description Who may call it: an admin session with role viewer or above, or a token with the risk:read scope.
     */
    get: operations['getRiskFinding'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/risk/findings/{id}/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resolve a risk finding (an admin in the console); it opens again if it is seen again
     * @description Who may call it: an admin session with role admin or above.
     */
    post: operations['resolveRiskFinding'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The signed-in admin
     * @description Who may call it: an admin session with role viewer or above.
     */
    get: operations['getSession'];
    put?: never;
    /**
     * Sign in to the console
     * @description Sets an HttpOnly session cookie. Send the returned csrf_token as x-csrf-token with every change.
     *
     *     Who may call it: anyone.
     */
    post: operations['signIn'];
    /**
     * Sign out
     * @description Who may call it: an admin session with role viewer or above.
     */
    delete: operations['signOut'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/devices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Device settings: the session lifetime
     * @description Who may call it: an admin session with role viewer or above, or a token with the users:read scope.
     */
    get: operations['getDeviceSettings'];
    /**
     * Change the device settings
     * @description Who may call it: an admin session with role admin or above, or a token with the users:write scope.
     */
    put: operations['setDeviceSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create the first owner with the one-time setup link printed at first start
     * @description Who may call it: anyone.
     */
    post: operations['completeSetup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Activity: {
      actor: {
        id: string;
        name: string | null;
        /** @enum {unknown} */
        type: 'credential' | 'developer' | 'device';
      } | null;
      cached_tokens?: number | null;
      device?: {
        id: string;
        name: string;
      } | null;
      error_code: string | null;
      id: string;
      input_tokens: number | null;
      ip: string;
      /** @description From the request’s arrival to the last byte of the answer. */
      latency_ms: number;
      /**
       * @description The tool’s mode: provider_key (the organisation’s provider key went upstream) or subscription (the tool’s own credential did).
       * @enum {unknown}
       */
      mode?: 'provider_key' | 'subscription';
      model: string | null;
      /** @description messages, count_tokens, chat.completions, generateContent, …; for a path the Gateway does not serve (not_found), its method and path, as "POST /v1/batches". */
      operation: string;
      /** @enum {unknown} */
      outcome: 'allowed' | 'blocked' | 'upstream_error' | 'gateway_error';
      output_tokens: number | null;
      provider: ('anthropic' | 'openai' | 'azure' | 'gemini') | null;
      provider_key_id: string | null;
      reasoning_tokens?: number | null;
      request_bytes: number;
      /** @description Also sent to the caller as x-gatehouse-request-id. */
      request_id: string;
      response_bytes: number;
      /** @description The policy rules that fired. */
      signals: string[];
      /** @description The HTTP status the caller received. */
      status: number;
      stream: boolean;
      /** Format: date-time */
      time: string;
      /** @description The tool recognised from the user agent (claude-code, openai-sdk, an admin-defined tool’s id, …) or unknown. */
      tool: string;
      ttfb_ms: number | null;
      user_agent: string | null;
    };
    AdminRecord: {
      /** Format: date-time */
      created_at: string;
      email: string;
      id: string;
      /** @description An invited admin's link expiry; null once active. */
      invitation_expires_at: string | null;
      /**
       * @description owner: everything; admin: everything but managing admins; viewer: read only.
       * @enum {unknown}
       */
      role: 'viewer' | 'admin' | 'owner';
      /**
       * @description invited: the invitation is not accepted yet.
       * @enum {unknown}
       */
      status: 'invited' | 'active';
    };
    AuditEvent: {
      /** @description <entity>.<verb>, e.g. credential.created, credential.token_issued, api.request */
      action: string;
      actor: {
        id: string | null;
        name: string | null;
        type: string;
      };
      details: {
        [key: string]: unknown;
      };
      id: string;
      ip: string | null;
      /** @enum {unknown} */
      outcome: 'success' | 'failure';
      request_id: string | null;
      target: {
        id: string | null;
        name: string | null;
        type: string;
      } | null;
      /** Format: date-time */
      time: string;
      user_agent: string | null;
    };
    Credential: {
      client_id: string;
      /** Format: date-time */
      created_at: string;
      expired: boolean;
      /** Format: date-time */
      expires_at: string;
      id: string;
      ip_allowlist: string[];
      ip_denylist: string[];
      /** @description null means never used */
      last_used_at: string | null;
      name: string;
      revoked_at: string | null;
      scopes: (
        | 'audit:read'
        | 'risk:read'
        | 'policy:read'
        | 'policy:write'
        | 'users:read'
        | 'users:write'
        | 'gateway:invoke'
      )[];
      /** @enum {unknown} */
      status: 'active' | 'revoked';
    };
    DetectorList: {
      detectors: {
        description: string;
        /** @description Its key in the policy document’s `detectors`. */
        id: string;
        label: string;
      }[];
    };
    Developer: {
      activated_at: string | null;
      /** Format: date-time */
      created_at: string;
      email: string;
      id: string;
      /** @description An invited developer's link expiry; null otherwise. */
      invitation_expires_at: string | null;
      name: string | null;
      offboarded_at: string | null;
      /**
       * @description invited: the invitation is not accepted yet; pending: asked for access at device sign-in, waiting for approval; active; offboarded: every device and session revoked, the record kept.
       * @enum {unknown}
       */
      status: 'invited' | 'pending' | 'active' | 'offboarded';
      /** Format: date-time */
      updated_at: string;
    };
    Device: {
      client_version: string | null;
      /** Format: date-time */
      created_at: string;
      developer: {
        email: string;
        id: string;
      };
      id: string;
      last_seen_at: string | null;
      /** @description The machine's name, as the endpoint client reported it. */
      name: string;
      platform: string | null;
      revoked_at: string | null;
      /** @description revoked: an admin revoked the device; offboarded: its developer was offboarded; signed_out: the endpoint client signed out; refresh_reused: a rotated refresh token was presented again. */
      revoked_reason: ('revoked' | 'offboarded' | 'signed_out' | 'refresh_reused') | null;
      /** @enum {unknown} */
      status: 'active' | 'revoked';
    };
    Error: {
      error: {
        /** @description Stable error code; assert on this, not on the message. */
        code: string;
        /** @description A sentence a person can act on. */
        message: string;
        request_id: string;
      };
    };
    ModelList: {
      /** @description false: the list follows the provider keys' enabled models. */
      curated: boolean;
      models: {
        id: string;
        /** @description null when no provider key (or more than one family) enables it. */
        provider: ('anthropic' | 'openai' | 'azure' | 'gemini') | null;
      }[];
    };
    PolicyDocument: {
      /** @description Each detector’s settings under its id (GET /api/v1/detectors lists them); a detector left out has its default, which is what GET returns for it. */
      detectors: {
        /**
         * @description Custom rules: The organisation's own rules: regular expressions and keyword lists, each with its action.
         * @default []
         */
        custom: {
          /**
           * @description block: refuse the request; redact: replace the match; alert: record only; off: ignore.
           * @enum {unknown}
           */
          action: 'block' | 'redact' | 'alert' | 'off';
          /** @description Keywords and the pattern ignore case unless this is true. */
          case_sensitive?: boolean;
          description?: string;
          /** @description Unique; shown in the activity’s signals as custom:<id>. */
          id: string;
          /** @description Whole words or phrases. */
          keywords?: string[];
          /** @description A regular expression in JavaScript syntax, without slashes or flags. */
          pattern?: string;
          /** @enum {unknown} */
          severity: 'low' | 'medium' | 'high' | 'critical';
        }[];
        /**
         * @description Personal data: E-mail addresses, phone numbers, payment cards, IBANs, US Social Security and UK National Insurance numbers.
         * @default {
         *       "action": "alert",
         *       "allowlist": []
         *     }
         */
        pii: {
          /**
           * @description block: refuse the request; redact: replace the match; alert: record only; off: ignore.
           * @enum {unknown}
           */
          action: 'block' | 'redact' | 'alert' | 'off';
          allowlist: {
            note?: string;
            /** @description A regular expression a value may match. */
            pattern?: string;
            /** @description An exact value. */
            value?: string;
          }[];
        };
        /**
         * @description Secrets: API keys and tokens of cloud, AI, source-control and payment services, private keys, JWTs, connection strings and passwords.
         * @default {
         *       "action": "redact",
         *       "allowlist": []
         *     }
         */
        secrets: {
          /**
           * @description block: refuse the request; redact: replace the match; alert: record only; off: ignore.
           * @enum {unknown}
           */
          action: 'block' | 'redact' | 'alert' | 'off';
          allowlist: {
            note?: string;
            /** @description A regular expression a value may match. */
            pattern?: string;
            /** @description An exact value. */
            value?: string;
          }[];
        };
      };
      /**
       * @description enforce: act on the actions; monitor: detect and record, never block or redact; off: scan nothing.
       * @enum {unknown}
       */
      enforcement: 'enforce' | 'monitor' | 'off';
      /** @description Tools with settings of their own (absent: none); a tool not listed is in provider_key mode. */
      tools?: {
        /** @description A built-in tool (claude-code, codex, gemini-cli, cursor, anthropic-sdk, openai-sdk, google-genai-sdk, curl) or an admin-defined one; shown in the activity as its tool. */
        id: string;
        /**
         * @description provider_key: the Gateway sends the organisation’s provider key. subscription: the tool sends its own provider sign-in, with the device token in the path (/d/<device token>/…).
         * @enum {unknown}
         */
        mode: 'provider_key' | 'subscription';
        /** @description Required for an admin-defined tool; not given for a built-in one. */
        name?: string;
        /** @description A regular expression (JavaScript syntax, no slashes or flags, case-insensitive) that the User-Agent of the tool’s requests matches. Required for an admin-defined tool; not given for a built-in one. */
        user_agent?: string;
      }[];
    };
    PolicyVersion: {
      /** @description What this version changed from the one before. Rules are matched by id and allowlist entries by value, so a removal reads as one change; reordering a list is not a change. */
      changes: {
        after?: unknown;
        before?: unknown;
        /** @enum {unknown} */
        op: 'add' | 'remove' | 'replace';
        /** @description A JSON pointer into the document (RFC 6901). */
        path: string;
      }[];
      /** Format: date-time */
      created_at: string;
      created_by: {
        id: string | null;
        name: string | null;
        type: string;
      };
      document: components['schemas']['PolicyDocument'];
      etag: string;
      summary: string;
      version: number;
    };
    PolicyVersionSummary: {
      /** @description What this version changed from the one before. Rules are matched by id and allowlist entries by value, so a removal reads as one change; reordering a list is not a change. */
      changes: {
        after?: unknown;
        before?: unknown;
        /** @enum {unknown} */
        op: 'add' | 'remove' | 'replace';
        /** @description A JSON pointer into the document (RFC 6901). */
        path: string;
      }[];
      /** Format: date-time */
      created_at: string;
      created_by: {
        id: string | null;
        name: string | null;
        type: string;
      };
      etag: string;
      summary: string;
      version: number;
    };
    ProviderFamilyList: {
      providers: {
        /** @description Where requests go when a key names no base URL; null: every key must name one. */
        default_base_url: string | null;
        /** @description What a provider key names in `provider`. */
        id: string;
        model_noun: 'model' | 'deployment';
        name: string;
        /** @description The Gateway paths answered with this family’s keys. */
        routes: {
          method: string;
          /** @description What the activity records; `{method}`: the method the path names. */
          operation: string;
          /** @description The Gateway path, in Fastify syntax (`:param`, `*`). */
          path: string;
        }[];
        /** @description Whose sign-in a tool in subscription mode uses. */
        vendor: string;
      }[];
    };
    ProviderKey: {
      azure_api_version: string | null;
      /** @description null: the provider's own API. */
      base_url: string | null;
      /** Format: date-time */
      created_at: string;
      /** @description Where requests for this key are sent. */
      effective_base_url: string;
      enabled_models: string[];
      id: string;
      name: string;
      /** @enum {unknown} */
      provider: 'anthropic' | 'openai' | 'azure' | 'gemini';
      rotated_at: string | null;
      /** @description The last four characters of the secret; the rest is never shown. */
      secret_last4: string;
      /** Format: date-time */
      updated_at: string;
    };
    RiskFinding: {
      actor: {
        id: string;
        name: string | null;
        /** @enum {unknown} */
        type: 'admin' | 'credential' | 'developer' | 'device';
      };
      /** @description How many times it was seen: repeats are counted, not added. */
      count: number;
      detector: ('secrets' | 'pii' | 'custom') | null;
      /** @description The last sighting’s. It never holds the matched value. */
      evidence:
        | {
            /** @description A keyed hash of the value: equal for the same value, whoever sent it. Never the value. */
            fingerprint: string;
            /** @description What the value was: aws-access-key, email, … */
            kind: string;
            /** @description Where in it, such as messages[3].content. */
            location: string;
            /** @enum {unknown} */
            where: 'request' | 'response';
          }
        | {
            /** @enum {unknown} */
            from: 'enforce' | 'monitor' | 'off';
            /** @enum {string} */
            kind: 'enforcement';
            /** @enum {unknown} */
            to: 'enforce' | 'monitor' | 'off';
            /** @description The policy version that lowered it. */
            version: number;
          };
      /** Format: date-time */
      first_seen: string;
      id: string;
      /**
       * @description secret, pii, custom (a detector’s catch) or policy_change (enforcement lowered).
       * @enum {unknown}
       */
      kind: 'secret' | 'pii' | 'custom' | 'policy_change';
      /** Format: date-time */
      last_seen: string;
      model: string | null;
      provider: string | null;
      resolution_note: string | null;
      resolved_at: string | null;
      resolved_by: {
        id: string | null;
        name: string | null;
        type: string;
      } | null;
      /** @description The rule that fired: aws-access-key, email, custom:<id>, enforcement-lowered. */
      rule: string;
      /** @enum {unknown} */
      severity: 'low' | 'medium' | 'high' | 'critical';
      /**
       * @description A resolved finding seen again after it was resolved is open again.
       * @enum {unknown}
       */
      status: 'open' | 'resolved';
      tool: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  deviceAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  revokeToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  token: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  listActivity: {
    parameters: {
      query?: {
        actor_id?: string;
        /** @description Ascending order: rows after this next_cursor. */
        after?: string;
        /** @description Descending order: rows before this next_cursor. */
        before?: string;
        device_id?: string;
        limit?: number;
        model?: string;
        /** @description asc (oldest first, the SIEM pull) or desc (newest first). */
        order?: 'asc' | 'desc';
        outcome?: 'allowed' | 'blocked' | 'upstream_error' | 'gateway_error';
        provider?: 'anthropic' | 'openai' | 'azure' | 'gemini';
        /** @description The x-gatehouse-request-id the caller received. */
        request_id?: string;
        /** @description RFC 3339, inclusive. */
        since?: string;
        tool?: string;
        /** @description RFC 3339, exclusive. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            activity: components['schemas']['Activity'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAdmins: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admins: components['schemas']['AdminRecord'][];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inviteAdmin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          /**
           * @description owner: everything; admin: everything but managing admins; viewer: read only.
           * @enum {unknown}
           */
          role: 'viewer' | 'admin' | 'owner';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admin: components['schemas']['AdminRecord'];
            email: {
              /** @description The mail server's refusal, when it failed. */
              error: string | null;
              /**
               * @description not_configured: no mail server is set up (GATEHOUSE_SMTP_URL); give the link yourself.
               * @enum {unknown}
               */
              status: 'sent' | 'failed' | 'not_configured';
            };
            /** Format: date-time */
            invitation_expires_at: string;
            /** @description The link to give the invitee (the e-mail carries the same). It works once, until invitation_expires_at; inviting the same address again replaces it. */
            invitation_url: string;
          };
        };
      };
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admin: components['schemas']['AdminRecord'];
            email: {
              /** @description The mail server's refusal, when it failed. */
              error: string | null;
              /**
               * @description not_configured: no mail server is set up (GATEHOUSE_SMTP_URL); give the link yourself.
               * @enum {unknown}
               */
              status: 'sent' | 'failed' | 'not_configured';
            };
            /** Format: date-time */
            invitation_expires_at: string;
            /** @description The link to give the invitee (the e-mail carries the same). It works once, until invitation_expires_at; inviting the same address again replaces it. */
            invitation_url: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeAdmin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeAdminRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description owner: everything; admin: everything but managing admins; viewer: read only.
           * @enum {unknown}
           */
          role: 'viewer' | 'admin' | 'owner';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminRecord'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAuditEvents: {
    parameters: {
      query?: {
        action?: string;
        actor_id?: string;
        /** @description Ascending order: rows after this next_cursor. */
        after?: string;
        /** @description Descending order: rows before this next_cursor. */
        before?: string;
        limit?: number;
        /** @description asc (oldest first, the SIEM pull) or desc (newest first). */
        order?: 'asc' | 'desc';
        /** @description RFC 3339, inclusive. */
        since?: string;
        /** @description RFC 3339, exclusive. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            events: components['schemas']['AuditEvent'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listCredentials: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            credentials: components['schemas']['Credential'][];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCredential: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default 90
           * @enum {unknown}
           */
          expires_in_days?: 30 | 90 | 180 | 365;
          /** @description IPv4 or IPv6 addresses and CIDR ranges. A deny entry wins over an allow entry. */
          ip_allowlist?: string[];
          /** @description IPv4 or IPv6 addresses and CIDR ranges. A deny entry wins over an allow entry. */
          ip_denylist?: string[];
          /** @description Name it after the system that uses it. */
          name: string;
          scopes: (
            | 'audit:read'
            | 'risk:read'
            | 'policy:read'
            | 'policy:write'
            | 'users:read'
            | 'users:write'
            | 'gateway:invoke'
          )[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Credential'] & {
            /** @description Shown in this response only; it cannot be retrieved again. */
            client_secret: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCredential: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Credential'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  reissueCredential: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The credential's exact name. */
          confirm: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Credential'] & {
            /** @description Shown in this response only; it cannot be retrieved again. */
            client_secret: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeCredential: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The credential's exact name. */
          confirm: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Credential'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listDetectors: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DetectorList'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  requestDeveloperAccess: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          name?: string;
          password: string;
          /** @description The code the device shows, e.g. BCDF-GHJK; case, dashes and spaces do not matter. */
          user_code: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            csrf_token: string;
            developer: {
              email: string;
              id: string;
              name: string | null;
              /**
               * @description pending: the account waits for an admin to approve it; devices sign in once it is active.
               * @enum {unknown}
               */
              status: 'invited' | 'pending' | 'active' | 'offboarded';
            };
          };
        };
      };
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            csrf_token: string;
            developer: {
              email: string;
              id: string;
              name: string | null;
              /**
               * @description pending: the account waits for an admin to approve it; devices sign in once it is active.
               * @enum {unknown}
               */
              status: 'invited' | 'pending' | 'active' | 'offboarded';
            };
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDeviceAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The code the device shows, e.g. BCDF-GHJK; case, dashes and spaces do not matter. */
        user_code: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            client_version: string | null;
            device_name: string | null;
            /** Format: date-time */
            expires_at: string;
            /** @description The address the device asked from. */
            ip: string | null;
            platform: string | null;
            /** Format: date-time */
            requested_at: string;
            /**
             * @description signed_in: the device has exchanged its code for tokens.
             * @enum {unknown}
             */
            status: 'pending' | 'approved' | 'denied' | 'signed_in';
            user_code: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  approveDeviceAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The code the device shows, e.g. BCDF-GHJK; case, dashes and spaces do not matter. */
        user_code: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            client_version: string | null;
            device_name: string | null;
            /** Format: date-time */
            expires_at: string;
            /** @description The address the device asked from. */
            ip: string | null;
            platform: string | null;
            /** Format: date-time */
            requested_at: string;
            /**
             * @description signed_in: the device has exchanged its code for tokens.
             * @enum {unknown}
             */
            status: 'pending' | 'approved' | 'denied' | 'signed_in';
            user_code: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  denyDeviceAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The code the device shows, e.g. BCDF-GHJK; case, dashes and spaces do not matter. */
        user_code: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            client_version: string | null;
            device_name: string | null;
            /** Format: date-time */
            expires_at: string;
            /** @description The address the device asked from. */
            ip: string | null;
            platform: string | null;
            /** Format: date-time */
            requested_at: string;
            /**
             * @description signed_in: the device has exchanged its code for tokens.
             * @enum {unknown}
             */
            status: 'pending' | 'approved' | 'denied' | 'signed_in';
            user_code: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDeveloperSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            csrf_token: string;
            developer: {
              email: string;
              id: string;
              name: string | null;
              /**
               * @description pending: the account waits for an admin to approve it; devices sign in once it is active.
               * @enum {unknown}
               */
              status: 'invited' | 'pending' | 'active' | 'offboarded';
            };
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  developerSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            csrf_token: string;
            developer: {
              email: string;
              id: string;
              name: string | null;
              /**
               * @description pending: the account waits for an admin to approve it; devices sign in once it is active.
               * @enum {unknown}
               */
              status: 'invited' | 'pending' | 'active' | 'offboarded';
            };
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  developerSignOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listDevelopers: {
    parameters: {
      query?: {
        /** @description Ascending order: rows after this next_cursor. */
        after?: string;
        /** @description Descending order: rows before this next_cursor. */
        before?: string;
        email?: string;
        limit?: number;
        /** @description asc (oldest first, the SIEM pull) or desc (newest first). */
        order?: 'asc' | 'desc';
        /** @description RFC 3339, inclusive. */
        since?: string;
        status?: 'invited' | 'pending' | 'active' | 'offboarded';
        /** @description RFC 3339, exclusive. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            developers: components['schemas']['Developer'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inviteDeveloper: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          name?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            developer: components['schemas']['Developer'];
            email: {
              /** @description The mail server's refusal, when it failed. */
              error: string | null;
              /**
               * @description not_configured: no mail server is set up (GATEHOUSE_SMTP_URL); give the link yourself.
               * @enum {unknown}
               */
              status: 'sent' | 'failed' | 'not_configured';
            };
            /** Format: date-time */
            invitation_expires_at: string;
            /** @description The link to give the invitee (the e-mail carries the same). It works once, until invitation_expires_at; inviting the same address again replaces it. */
            invitation_url: string;
          };
        };
      };
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            developer: components['schemas']['Developer'];
            email: {
              /** @description The mail server's refusal, when it failed. */
              error: string | null;
              /**
               * @description not_configured: no mail server is set up (GATEHOUSE_SMTP_URL); give the link yourself.
               * @enum {unknown}
               */
              status: 'sent' | 'failed' | 'not_configured';
            };
            /** Format: date-time */
            invitation_expires_at: string;
            /** @description The link to give the invitee (the e-mail carries the same). It works once, until invitation_expires_at; inviting the same address again replaces it. */
            invitation_url: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDeveloper: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Developer'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  approveDeveloper: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Developer'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  offboardDeveloper: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The developer's e-mail address. */
          confirm: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            developer: components['schemas']['Developer'];
            devices_revoked: number;
            sessions_revoked: number;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listDevices: {
    parameters: {
      query?: {
        /** @description Ascending order: rows after this next_cursor. */
        after?: string;
        /** @description Descending order: rows before this next_cursor. */
        before?: string;
        developer_id?: string;
        limit?: number;
        /** @description asc (oldest first, the SIEM pull) or desc (newest first). */
        order?: 'asc' | 'desc';
        /** @description RFC 3339, inclusive. */
        since?: string;
        status?: 'active' | 'revoked';
        /** @description RFC 3339, exclusive. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            devices: components['schemas']['Device'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeDevice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Device'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Developers: your name. */
          name?: string;
          password: string;
          /** @description The token from the invitation link (after #token=). */
          token: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                admin: {
                  /** Format: date-time */
                  created_at: string;
                  email: string;
                  id: string;
                  /** @enum {unknown} */
                  role: 'owner' | 'admin' | 'viewer';
                };
                csrf_token: string;
                /** @enum {string} */
                kind: 'admin';
              }
            | {
                developer: {
                  activated_at: string | null;
                  /** Format: date-time */
                  created_at: string;
                  email: string;
                  id: string;
                  /** @description An invited developer's link expiry; null otherwise. */
                  invitation_expires_at: string | null;
                  name: string | null;
                  offboarded_at: string | null;
                  /**
                   * @description invited: the invitation is not accepted yet; pending: asked for access at device sign-in, waiting for approval; active; offboarded: every device and session revoked, the record kept.
                   * @enum {unknown}
                   */
                  status: 'invited' | 'pending' | 'active' | 'offboarded';
                  /** Format: date-time */
                  updated_at: string;
                };
                /** @enum {string} */
                kind: 'developer';
              };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inspectInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The token from the invitation link (after #token=). */
          token: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            /** Format: date-time */
            expires_at: string;
            /** @enum {unknown} */
            kind: 'admin' | 'developer';
            /** @description The role an admin is invited to. */
            role: ('viewer' | 'admin' | 'owner') | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getModelList: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ModelList'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setModelList: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          models: string[] | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ModelList'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPolicy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Send it back in If-Match to change this version. */
          etag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PolicyDocument'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  replacePolicy: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag from GET /api/v1/policy, or *. */
        'if-match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PolicyDocument'];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          /** @description Send it back in If-Match to change this version. */
          etag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PolicyDocument'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      428: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPolicyVersions: {
    parameters: {
      query?: {
        /** @description Versions older than this next_cursor. */
        before?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            next_cursor: string | null;
            versions: components['schemas']['PolicyVersionSummary'][];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPolicyVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        version: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PolicyVersion'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listProviderKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            provider_keys: components['schemas']['ProviderKey'][];
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createProviderKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          azure_api_version?: string | null;
          base_url?: string | null;
          /** @description Exact model names (for Azure, deployment names) and patterns where * matches anything, such as claude-*. A model may be enabled in one key of a provider only. */
          enabled_models: string[];
          name: string;
          /** @enum {unknown} */
          provider: 'anthropic' | 'openai' | 'azure' | 'gemini';
          /** @description The provider's API key. Stored encrypted; never shown again. */
          secret: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProviderKey'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getProviderKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProviderKey'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteProviderKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateProviderKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          azure_api_version?: string | null;
          base_url?: string | null;
          /** @description Exact model names (for Azure, deployment names) and patterns where * matches anything, such as claude-*. A model may be enabled in one key of a provider only. */
          enabled_models?: string[];
          name?: string;
          /** @description The provider's API key. Stored encrypted; never shown again. */
          secret?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProviderKey'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  rotateProviderKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The provider's API key. Stored encrypted; never shown again. */
          secret: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProviderKey'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listProviderFamilies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProviderFamilyList'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRiskFindings: {
    parameters: {
      query?: {
        actor_id?: string;
        /** @description Ascending order: rows after this next_cursor. */
        after?: string;
        /** @description Descending order: rows before this next_cursor. */
        before?: string;
        detector?: 'secrets' | 'pii' | 'custom';
        kind?: 'secret' | 'pii' | 'custom' | 'policy_change';
        limit?: number;
        /** @description asc (oldest first, the SIEM pull) or desc (newest first). */
        order?: 'asc' | 'desc';
        rule?: string;
        severity?: 'low' | 'medium' | 'high' | 'critical';
        /** @description RFC 3339, inclusive. */
        since?: string;
        status?: 'open' | 'resolved';
        /** @description RFC 3339, exclusive. */
        until?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            findings: components['schemas']['RiskFinding'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getRiskFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RiskFinding'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resolveRiskFinding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description What was done about it. */
          note?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RiskFinding'];
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admin: {
              /** Format: date-time */
              created_at: string;
              email: string;
              id: string;
              /** @enum {unknown} */
              role: 'owner' | 'admin' | 'viewer';
            };
            csrf_token: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admin: {
              /** Format: date-time */
              created_at: string;
              email: string;
              id: string;
              /** @enum {unknown} */
              role: 'owner' | 'admin' | 'viewer';
            };
            csrf_token: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getDeviceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description How long a signed-in device stays signed in without refreshing (default 30). Each refresh slides its session forward by this much; a change applies from each session's next refresh. */
            session_lifetime_days: number;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setDeviceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description How long a signed-in device stays signed in without refreshing (default 30). Each refresh slides its session forward by this much; a change applies from each session's next refresh. */
          session_lifetime_days: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description How long a signed-in device stays signed in without refreshing (default 30). Each refresh slides its session forward by this much; a change applies from each session's next refresh. */
            session_lifetime_days: number;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  completeSetup: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
          token: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            admin: {
              /** Format: date-time */
              created_at: string;
              email: string;
              id: string;
              /** @enum {unknown} */
              role: 'owner' | 'admin' | 'viewer';
            };
            csrf_token: string;
          };
        };
      };
      /** @description Default Response */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Default Response */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
