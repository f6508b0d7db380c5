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
     * @description The SIEM pull of the Gateway’s traffic, sibling of GET /api/v1/audit/events with the same cursor: every Gateway request, refused ones included, with the credential (actor) or the developer and device of a device token, the address and the outcome. Rows are numbered in commit order on both engines, so a poller that follows next_cursor never skips or repeats one (docs/operations.md, “What a SIEM reads”). In ascending order (the default), poll with the last next_cursor as after to receive every row exactly once; when no row follows, next_cursor repeats the cursor you sent. With order=desc, pass next_cursor as before for the next, older page; next_cursor is null after the oldest row. since is inclusive, until exclusive.
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
  '/api/v1/activity/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Requests by outcome over time, the busiest, findings and devices, for a window
     * @description Computed from hourly rollups kept with the activity (never by reading the activity): the same figures as the console’s overview.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the audit:read scope.
     */
    get: operations['summariseActivity'];
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
  '/api/v1/audit/actions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every action an audit event may carry, in alphabetical order
     * @description The names the server writes, from its own code: what the action filter of the audit events takes and what a SIEM rule can match. A name is added, never renamed.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the audit:read scope.
     */
    get: operations['listAuditActions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
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
     * Developers in order of creation, after a cursor or newest first, by status, e-mail or search
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
  '/api/v1/gateway/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The Gateway’s health per provider over the last five minutes (as its GET /v1/status)
     * @description Who may call it: an admin session with role viewer or above, or a token with the audit:read scope.
     */
    get: operations['getGatewayStatus'];
    put?: never;
    post?: never;
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
  '/api/v1/mcp/local-servers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the local MCP servers the endpoint clients reported, by developer and device
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['listMcpLocalServers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mcp/local-servers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One local MCP server with its tools as Gatehouse has pinned them
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getMcpLocalServer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mcp/local-servers/{id}/tools/{name}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept a local server’s changed or new tool definition as its pin (and unblock it)
     * @description Give the sha256 of the definition you reviewed: if the server has shown another one since, the answer is 409 and nothing is approved. This server on this machine only; a policy rule holds everywhere.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['approveMcpLocalTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mcp/local-servers/{id}/tools/{name}/block': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Block a local server’s tool: filtered out of tools/list and refused, until approved
     * @description This server on this machine only. To block a server or tool on every machine, add the rule to the policy’s mcp.servers.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['blockMcpLocalTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mcp/servers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the registered MCP servers (headers masked), each with its tools counted by state
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['listMcpServers'];
    put?: never;
    /**
     * Register a remote MCP server, reached through the Gateway at /mcp/{alias}
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['createMcpServer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mcp/servers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One MCP server (headers masked) with its tools as Gatehouse has seen them
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getMcpServer'];
    put?: never;
    post?: never;
    /**
     * Remove an MCP server and its tools’ pins; /mcp/{alias} then answers 404
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    delete: operations['deleteMcpServer'];
    options?: never;
    head?: never;
    /**
     * Change an MCP server’s alias, url, description, headers or whether it is routed
     * @description `headers` replaces the whole set ({} sends none). A new url needs `headers` in the same request when the server has any (the credentials go wherever url points); without it: 400 secret_required.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    patch: operations['updateMcpServer'];
    trace?: never;
  };
  '/api/v1/mcp/servers/{id}/tools/{name}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept the tool’s changed or new definition as its pin (and unblock it)
     * @description Give the sha256 of the definition you reviewed: if the server has shown another one since, the answer is 409 and nothing is approved.
     *
     *     Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['approveMcpTool'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/mcp/servers/{id}/tools/{name}/block': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Block the tool: hidden from tools/list and refused, until approved
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    post: operations['blockMcpTool'];
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
  '/api/v1/settings/retention': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How long each log is kept
     * @description Who may call it: an admin session with role viewer or above.
     */
    get: operations['getRetentionSettings'];
    /**
     * Change how long each log is kept
     * @description Records past a new setting are deleted at the retention job’s next run (hourly). Lowering audit_days must be confirmed by repeating the new value in confirm_audit_days; without it: 400 confirmation_mismatch. Audited as settings.retention_changed (each value before and after), and a lowered audit retention also as settings.audit_retention_lowered.
     *
     *     Who may call it: an admin session with role admin or above.
     */
    put: operations['setRetentionSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/settings/retention/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Each log’s oldest record kept, and what the retention job last did
     * @description Who may call it: an admin session with role viewer or above.
     */
    get: operations['getRetentionStatus'];
    put?: never;
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
  '/api/v1/siem/destinations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the SIEM destinations, each with its lag, last success and last error
     * @description Who may call it: an admin session with role admin or above.
     */
    get: operations['listSiemDestinations'];
    put?: never;
    /**
     * Add a SIEM destination: audit events, activity and findings pushed to it as they are recorded
     * @description It receives what is recorded from its creation on (the pull API, GET /api/v1/audit/events, serves what came before). Audited as siem_destination.created (never with the token or secret).
     *
     *     Who may call it: an admin session with role admin or above.
     */
    post: operations['createSiemDestination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/siem/destinations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One SIEM destination, with its lag, last success and last error
     * @description Who may call it: an admin session with role admin or above.
     */
    get: operations['getSiemDestination'];
    put?: never;
    post?: never;
    /**
     * Remove a SIEM destination; what it had not received is no longer held back from retention
     * @description Who may call it: an admin session with role admin or above.
     */
    delete: operations['deleteSiemDestination'];
    options?: never;
    head?: never;
    /**
     * Change a SIEM destination
     * @description Fields left out are kept, token and secret included. A stream added starts at its log’s head. A change retries a failing destination at once. Audited as siem_destination.updated.
     *
     *     Who may call it: an admin session with role admin or above.
     */
    patch: operations['updateSiemDestination'];
    trace?: never;
  };
  '/api/v1/siem/destinations/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send one synthetic test event through the destination’s transport, and say what the receiver answered
     * @description The event is an audit event with action siem_destination.test and details.test true; it is not recorded in the audit log (the test itself is, as siem_destination.tested).
     *
     *     Who may call it: an admin session with role admin or above.
     */
    post: operations['testSiemDestination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/slopsquat/names': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Package names caught here, published or not, and why not
     * @description Every name the Gateway caught (invented, young, a placeholder, a known hallucination, …), in (ecosystem, name) order, with its sightings per reason, the installs it stopped, how many developers saw it invented, and whether the public feed lists it.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the risk:read scope.
     */
    get: operations['listSlopsquatNames'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/slopsquat/observatory/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The public observatory feed, exactly as published (even while it is off)
     * @description The same body GET /v1/slopsquat/observatory on the Gateway serves for the same query, whether the feed is on or off.
     *
     *     Who may call it: an admin session with role viewer or above, or a token with the risk:read scope.
     */
    get: operations['previewSlopsquatObservatory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/slopsquat/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The observatory’s settings, and how each subscribed feed was last read
     * @description Who may call it: an admin session with role viewer or above, or a token with the policy:read scope.
     */
    get: operations['getSlopsquatSettings'];
    /**
     * Change the observatory’s settings (audited)
     * @description Who may call it: an admin session with role admin or above, or a token with the policy:write scope.
     */
    put: operations['setSlopsquatSettings'];
    post?: never;
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
      /** @description The risk findings this request raised or repeated (of the requests each finding keeps: its first and its latest 100). Findings are written within a second of the request, so a record read at once may not list them yet. */
      finding_ids: string[];
      id: string;
      input_tokens: number | null;
      ip: string;
      /** @description From the request’s arrival to the last byte of the answer. */
      latency_ms: number;
      mcp_method?: string | null;
      /** @description An MCP call (/mcp/{alias}): the server’s alias in the MCP inventory. */
      mcp_server?: string;
      /**
       * @description An MCP call: routed through /mcp/{alias}, or a local server’s decision asked by the endpoint client’s shim (/mcp/decide, /mcp/observations).
       * @enum {unknown}
       */
      mcp_source?: 'routed' | 'local';
      mcp_tool?: string | null;
      /**
       * @description The tool’s mode: provider_key (the organisation’s provider key went upstream) or subscription (the tool’s own credential did).
       * @enum {unknown}
       */
      mode?: 'provider_key' | 'subscription';
      model: string | null;
      /** @description messages, count_tokens, chat.completions, generateContent, …; for a path the Gateway does not serve (not_found), its method and path, as "POST /v1/batches"; for an MCP call, its JSON-RPC method (tools/call, …), or stream (the server’s own GET stream), session.end (DELETE) or response (the caller’s answer to the server’s request). */
      operation: string;
      /**
       * @description allowed; redacted (answered, with something of the prompt or the answer redacted by the policy); blocked (by the policy); upstream_error; gateway_error.
       * @enum {unknown}
       */
      outcome: 'allowed' | 'redacted' | 'blocked' | 'upstream_error' | 'gateway_error';
      output_tokens: number | null;
      provider: ('anthropic' | 'openai' | 'azure' | 'gemini') | null;
      provider_key_id: string | null;
      reasoning_tokens?: number | null;
      request_bytes: number;
      /** @description Also sent to the caller as x-gatehouse-request-id. */
      request_id: string;
      response_bytes: number;
      /** @description What the policy did about each signal, by rule: block, redact or alert (alert also for every rule under enforcement monitor). {} for records written before it was kept. */
      signal_actions: {
        [key: string]: 'block' | 'redact' | 'alert';
      };
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
    ActivitySummary: {
      /** @description 3600 (24h), 21600 (7d) or 86400 (30d). */
      bucket_seconds: number;
      /** @description Devices with a live (not revoked, not expired) session now. */
      devices_signed_in: number;
      findings_open: {
        /** @description Open critical findings now. */
        critical: number;
        /** @description Open high findings now. */
        high: number;
        /** @description Open low findings now. */
        low: number;
        /** @description Open medium findings now. */
        medium: number;
      };
      /**
       * Format: date-time
       * @description until minus the window.
       */
      from: string;
      /** @description One bucket per UTC hour, 6-hour block or day, oldest first, empty ones included; the first and last may be partial. */
      series: {
        /** @description Answered, with nothing redacted. */
        allowed: number;
        /** @description Stopped by the policy. */
        blocked: number;
        /** @description Risk findings raised (first seen) in the period. */
        findings: number;
        /** @description Refused or failed by the Gateway itself (no token, no provider key, …). */
        gateway_errors: number;
        /** @description Answered, with something of the prompt or the answer redacted by the policy. */
        redacted: number;
        /** @description Every activity record: model requests and MCP calls. */
        requests: number;
        /** Format: date-time */
        start: string;
        /** @description Input tokens the providers reported. */
        tokens_in: number;
        /** @description Output tokens the providers reported. */
        tokens_out: number;
        /** @description The provider (or MCP server) failed or could not be reached. */
        upstream_errors: number;
      }[];
      /** @description Each list the 5 busiest at most, busiest first. */
      top: {
        developers: {
          /** @description Of them, stopped by the policy. */
          blocked: number;
          /** @description The actor’s id: a developer’s or an API credential’s. */
          id: string;
          /** @description A developer’s name (or e-mail), a credential’s name. */
          name: string;
          /** @description Requests in the window. */
          requests: number;
        }[];
        models: {
          /** @description Of them, stopped by the policy. */
          blocked: number;
          name: string;
          /** @description Requests in the window. */
          requests: number;
        }[];
        providers: {
          /** @description Of them, stopped by the policy. */
          blocked: number;
          name: string;
          /** @description Requests in the window. */
          requests: number;
        }[];
        tools: {
          /** @description Of them, stopped by the policy. */
          blocked: number;
          name: string;
          /** @description Requests in the window. */
          requests: number;
        }[];
      };
      /** @description The window’s figures: the sum of the series. Counted by whole hours, so the hour `from` falls in is counted whole. */
      totals: {
        /** @description Answered, with nothing redacted. */
        allowed: number;
        /** @description Stopped by the policy. */
        blocked: number;
        /** @description Risk findings raised (first seen) in the period. */
        findings: number;
        /** @description Refused or failed by the Gateway itself (no token, no provider key, …). */
        gateway_errors: number;
        /** @description Answered, with something of the prompt or the answer redacted by the policy. */
        redacted: number;
        /** @description Every activity record: model requests and MCP calls. */
        requests: number;
        /** @description Input tokens the providers reported. */
        tokens_in: number;
        /** @description Output tokens the providers reported. */
        tokens_out: number;
        /** @description The provider (or MCP server) failed or could not be reached. */
        upstream_errors: number;
      };
      /**
       * Format: date-time
       * @description Now.
       */
      until: string;
      /** @enum {unknown} */
      window: '24h' | '7d' | '30d';
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
        /** @description The input the error is about, as a path: body.email, body.detectors.custom[0].id, querystring.limit. */
        field?: string;
        /** @description A sentence a person can act on. */
        message: string;
        request_id: string;
      };
    };
    GatewayStatus: {
      /**
       * @description in_process: the Gateway runs in this process, and providers is its health; separate: this process serves the console only (GATEHOUSE_ROLE=console), so providers is empty: ask each Gateway replica’s own GET /v1/status.
       * @enum {unknown}
       */
      gateway: 'in_process' | 'separate';
      providers: {
        error_rate: number;
        last_error: {
          /** Format: date-time */
          at: string;
          reason: string;
          status: number | null;
        } | null;
        mean_latency_ms: number | null;
        /** @enum {unknown} */
        provider: 'anthropic' | 'openai' | 'azure' | 'gemini';
        rate_limited: number;
        requests: number;
        /**
         * @description From the share of 5xx, unreachable and timed-out upstream answers in the window: 5 % or more degraded, 50 % or more down; unknown with no request in the window.
         * @enum {unknown}
         */
        status: 'operational' | 'degraded' | 'down' | 'unknown';
        window_seconds: number;
      }[];
    };
    McpLocalServer: {
      /** @description SHA-256 of its arguments (never stored in clear). */
      args_sha256: string;
      /** @description The command that runs it, as the shim reported it. */
      command: string;
      /** @description Reported with an access token (gateway:invoke) rather than a device: that credential. */
      credential: {
        id: string;
        name: string | null;
      } | null;
      developer: {
        email: string | null;
        id: string;
        name: string | null;
      } | null;
      device: {
        id: string;
        name: string | null;
      } | null;
      /** Format: date-time */
      first_seen: string;
      id: string;
      /** @description Its first tools/list; a tool that appears later is a finding. */
      inventoried_at: string | null;
      /**
       * Format: date-time
       * @description Its last sighting, written at most once a minute.
       */
      last_seen: string;
      /** @description The server’s name as the developer’s tool configures it. */
      name: string;
      protocol_version: string | null;
      /** @description The serverInfo of its initialize answer. */
      server_info: {
        [key: string]: unknown;
      } | null;
    };
    McpServer: {
      /** @description The {alias} of the Gateway’s /mcp/{alias}. */
      alias: string;
      /** Format: date-time */
      created_at: string;
      description: string | null;
      /** @description A disabled server is not routed. */
      enabled: boolean;
      /** @description The server’s own headers, each value masked (••••last4); never shown whole. */
      headers: {
        [key: string]: string;
      };
      id: string;
      /** @description When a client first listed its tools through the Gateway; a tool that appears later is a finding. */
      inventoried_at: string | null;
      /** Format: date-time */
      updated_at: string;
      /** @description The server’s Streamable HTTP endpoint. */
      url: string;
    };
    McpTool: {
      calls: number;
      definition: {
        [key: string]: unknown;
      } | null;
      description: string | null;
      errors: number;
      /** Format: date-time */
      first_seen: string;
      /** Format: date-time */
      last_seen: string;
      name: string;
      /** @description What the server shows now, when it is not the pinned definition: approve or block it. */
      pending?: {
        definition: {
          [key: string]: unknown;
        } | null;
        sha256: string;
      };
      removed_at: string | null;
      /** @description The pin: SHA-256 of the canonical JSON of the definition. null: a new tool awaiting approval. */
      sha256: string | null;
      /** @description Tool-poisoning rules that fired on the definition last seen. */
      signals: string[];
      /**
       * @description pinned: as approved; changed: the server shows another definition (pending); blocked: by an admin; new: awaiting an admin’s approval.
       * @enum {unknown}
       */
      state: 'pinned' | 'changed' | 'blocked' | 'new';
      title: string | null;
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
        /**
         * @description Slopsquatting: Packages that a model tells an agent to install but that do not exist in their registry (names models invent, which attackers register), were first published only days ago, are a registry’s security placeholder, or sit one edit away from a popular package: checked against the npm, PyPI, crates.io, Go, RubyGems and Packagist registries.
         * @default {
         *       "action": "block",
         *       "young_days": 30,
         *       "allowlist": []
         *     }
         */
        slopsquat: {
          /**
           * @description block: stop a tool call that would install a missing, young, placeholder or known-hallucinated package (prose only ever alerts); alert: record only; off: no lookups. redact is not offered: a package name cannot be redacted into something installable.
           * @enum {unknown}
           */
          action: 'block' | 'alert' | 'off';
          allowlist: {
            note?: string;
            /** @description A regular expression a value may match. */
            pattern?: string;
            /** @description An exact value. */
            value?: string;
          }[];
          /** @description The longest a tool call is held while its package names are looked up; an unanswered lookup is then a signal, never a block. Absent: the lookups’ own deadline. */
          deadline_ms?: number;
          /** @description A package first published within this many days is young (0: never). */
          young_days: number;
        };
      };
      /**
       * @description enforce: act on the actions; monitor: detect and record, never block or redact; off: scan nothing.
       * @enum {unknown}
       */
      enforcement: 'enforce' | 'monitor' | 'off';
      /** @description MCP servers and their tools; absent, or a member left out: the default. */
      mcp?: {
        /** @description Local servers (the endpoint client’s) by the command that runs them: `npx`, `docker`, `/opt/tools/*`. A key without a slash also matches the command’s base name. Applies to a server whose entry in `servers` sets no `action`; an exact command wins over patterns, and among matching patterns block wins. */
        commands?: {
          [key: string]: 'allow' | 'block';
        };
        /**
         * @description For a tool that no rule names.
         * @enum {unknown}
         */
        default?: 'allow' | 'block';
        /**
         * @description What a local server’s call does when the Gateway cannot be reached.
         * @enum {unknown}
         */
        offline?: 'allow' | 'block';
        /**
         * @description enforce: a tool whose definition changed, or that waits for an admin, is hidden and refused until approved; monitor: the risk finding only; off: definitions are not compared.
         * @enum {unknown}
         */
        pinning?: 'enforce' | 'monitor' | 'off';
        /**
         * @description trust_first: a tool is pinned on first sight; approve: every new tool waits for an admin.
         * @enum {unknown}
         */
        pinning_mode?: 'trust_first' | 'approve';
        /** @description Run the detectors on tools/call arguments. */
        scan_arguments?: boolean;
        /** @description Run the detectors on tool results. */
        scan_results?: boolean;
        /** @description Rules per server, under its alias (routed) or its local name (endpoint client). */
        servers?: {
          [key: string]: {
            /**
             * @description The server as a whole: block refuses every tool not allowed by name or pattern below.
             * @enum {unknown}
             */
            action?: 'allow' | 'block';
            /** @description Tool names and patterns (`*` stands for any run of characters, such as delete_*). An exact name wins over patterns; among matching patterns, block wins. */
            tools?: {
              [key: string]: 'allow' | 'block';
            };
          };
        };
      };
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
      detector: ('secrets' | 'pii' | 'custom' | 'slopsquat') | null;
      /** @description The last sighting’s. It never holds a matched value; a slopsquat finding names its package, which is no secret. */
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
            action: 'blocked' | 'alerted';
            /** @description npm, pypi, crates, go, rubygems or packagist. */
            ecosystem: string;
            /** @description young: the day it was first published. */
            first_published?: string;
            /** @enum {string} */
            kind: 'slopsquat';
            location: string;
            /** @description near_popular: the popular package; deprecated_for: the one its notice names. */
            near?: string;
            /** @description The name as its registry knows it. */
            package: string;
            /**
             * @description missing (no such package: a name models invent), young (first published within the policy’s young_days), placeholder (a registry’s security placeholder), known_hallucination (another deployment’s observatory lists it), near_popular (one edit from a popular package), deprecated_for (deprecated in favour of another).
             * @enum {unknown}
             */
            reason:
              'missing' | 'young' | 'near_popular' | 'placeholder' | 'deprecated_for' | 'known_hallucination';
            score: number;
            /**
             * @description tool_call: an install the agent’s tool call would run; command or manifest: in the prose.
             * @enum {unknown}
             */
            source: 'tool_call' | 'command' | 'manifest';
            /** @description The agent’s tool whose call carried it (Bash, shell, …). */
            tool_call?: string;
            /** @description The version or specifier as written. */
            version?: string;
            /** @description Weak signals that raised the score: no_repository, few_downloads. */
            weak: string[];
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
          }
        | {
            /** @description Member names and schema paths that changed (inputSchema.properties.bcc); never values. */
            changed?: string[];
            /** @enum {unknown} */
            kind: 'mcp_tool_changed' | 'mcp_tool_added' | 'mcp_tool_removed' | 'mcp_tool_poisoned';
            previous_sha256?: string | null;
            /** @description The MCP server’s alias. */
            server: string;
            server_id: string;
            /** @description The pin of the definition the server shows (removed: last showed). */
            sha256: string;
            /** @description Tool-poisoning rules that fired, and where in the definition. */
            signals?: {
              location: string;
              rule: string;
            }[];
            tool: string;
          };
      /** Format: date-time */
      first_seen: string;
      id: string;
      /**
       * @description secret, pii, custom, slopsquat (a detector’s catch), policy_change (enforcement lowered) or mcp_tool (an MCP tool changed, appeared, went away or carries instructions for the model).
       * @enum {unknown}
       */
      kind: 'secret' | 'pii' | 'custom' | 'slopsquat' | 'policy_change' | 'mcp_tool';
      /** Format: date-time */
      last_seen: string;
      model: string | null;
      provider: string | null;
      /** @description The latest requests (the activity’s request_id) that raised or repeated it, latest first, at most 20; GET /api/v1/activity?finding_id= lists the ones it keeps (its first and its latest 100). Empty for a policy change, which no Gateway request makes (its audit event names the API request). */
      request_ids: string[];
      /** @description How many distinct requests raised or repeated it, kept or not. */
      requests_count: number;
      resolution_note: string | null;
      resolved_at: string | null;
      resolved_by: {
        id: string | null;
        name: string | null;
        type: string;
      } | null;
      /** @description The rule that fired: aws-access-key, email, custom:<id>, slopsquat:<reason>, enforcement-lowered, mcp-tool-changed, mcp-tool-added, mcp-tool-removed, mcp-tool-poisoned. */
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
    SiemDestination: {
      /** Format: date-time */
      created_at: string;
      enabled: boolean;
      /** @enum {unknown} */
      format: 'json' | 'cef' | 'ocsf';
      id: string;
      /** @description Records not yet acknowledged by the receiver, per stream it exports. */
      lag: {
        activity?: number;
        audit?: number;
        findings?: number;
      };
      last_error: string | null;
      last_error_at: string | null;
      last_success_at: string | null;
      name: string;
      /** @description Masked (its last four characters at most). */
      secret: string | null;
      streams: ('audit' | 'activity' | 'findings')[];
      tls_ca: string | null;
      /** @description Masked (its last four characters at most). */
      token: string | null;
      /** @enum {unknown} */
      type: 'splunk_hec' | 'syslog' | 'webhook';
      /** Format: date-time */
      updated_at: string;
      url: string;
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
        /** @description The requests that raised or repeated this risk finding, exactly (the ones it keeps: its first and its latest 100). */
        finding_id?: string;
        limit?: number;
        /** @description MCP calls to the server of this alias. */
        mcp_server?: string;
        /** @description MCP calls through /mcp/{alias} (routed) or local servers’ decisions (local). */
        mcp_source?: 'routed' | 'local';
        /** @description MCP tools/call of the tool of this name. */
        mcp_tool?: string;
        model?: string;
        /** @description asc (oldest first, the SIEM pull) or desc (newest first). */
        order?: 'asc' | 'desc';
        outcome?: 'allowed' | 'redacted' | 'blocked' | 'upstream_error' | 'gateway_error';
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
  summariseActivity: {
    parameters: {
      query?: {
        /** @description The last 24 hours, 7 days or 30 days (default 7d). */
        window?: '24h' | '7d' | '30d';
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
          'application/json': components['schemas']['ActivitySummary'];
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
  listAuditActions: {
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
            actions: string[];
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
        /** @description Part of the name or e-mail address (any case), or the exact id. */
        q?: string;
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
        /** @description Part of the device’s name or its developer’s e-mail address (any case), or the exact id. */
        q?: string;
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
  getGatewayStatus: {
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
          'application/json': components['schemas']['GatewayStatus'];
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
  listMcpLocalServers: {
    parameters: {
      query?: {
        developer_id?: string;
        device_id?: string;
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
            /** @description More servers match than `limit`: narrow by developer_id or device_id. */
            has_more: boolean;
            local_servers: (components['schemas']['McpLocalServer'] & {
              /** @description The server’s tools by state, leaving out tools its last tools/list no longer showed; changed and new tools await an admin’s review. */
              tool_counts: {
                blocked: number;
                changed: number;
                new: number;
                pinned: number;
              };
            })[];
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
  getMcpLocalServer: {
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
          'application/json': components['schemas']['McpLocalServer'] & {
            tools: components['schemas']['McpTool'][];
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
  approveMcpLocalTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          sha256?: string;
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
          'application/json': components['schemas']['McpTool'];
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
  blockMcpLocalTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        name: string;
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
          'application/json': components['schemas']['McpTool'];
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
  listMcpServers: {
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
            mcp_servers: (components['schemas']['McpServer'] & {
              /** @description The server’s tools by state, leaving out tools its last tools/list no longer showed; changed and new tools await an admin’s review. */
              tool_counts: {
                blocked: number;
                changed: number;
                new: number;
                pinned: number;
              };
            })[];
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
  createMcpServer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Lower-case letters, digits, - and _: the {alias} of /mcp/{alias}. */
          alias: string;
          description?: string | null;
          /** @default true */
          enabled?: boolean;
          /** @description The server’s own credentials, such as {"Authorization": "Bearer …"}: sent to the server on every request, stored encrypted, never shown again. */
          headers?: {
            [key: string]: string;
          };
          /** @description The server’s Streamable HTTP endpoint: https://… (http:// on a private network), no query string. */
          url: string;
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
          'application/json': components['schemas']['McpServer'];
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
  getMcpServer: {
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
          'application/json': components['schemas']['McpServer'] & {
            tools: components['schemas']['McpTool'][];
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
  deleteMcpServer: {
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
  updateMcpServer: {
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
          /** @description Lower-case letters, digits, - and _: the {alias} of /mcp/{alias}. */
          alias?: string;
          description?: string | null;
          enabled?: boolean;
          /** @description The server’s own credentials, such as {"Authorization": "Bearer …"}: sent to the server on every request, stored encrypted, never shown again. */
          headers?: {
            [key: string]: string;
          };
          /** @description The server’s Streamable HTTP endpoint: https://… (http:// on a private network), no query string. */
          url?: string;
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
          'application/json': components['schemas']['McpServer'];
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
  approveMcpTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        name: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          sha256?: string;
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
          'application/json': components['schemas']['McpTool'];
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
  blockMcpTool: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        name: string;
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
          'application/json': components['schemas']['McpTool'];
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
        detector?: 'secrets' | 'pii' | 'custom' | 'slopsquat';
        kind?: 'secret' | 'pii' | 'custom' | 'slopsquat' | 'policy_change' | 'mcp_tool';
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
  getRetentionSettings: {
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
            /** @description How long Gateway activity records are kept, in days (1–3650; default 90). */
            activity_days: number;
            /** @description How long audit events are kept, in days (30–3650; default 400). */
            audit_days: number;
            /** @description How long risk findings are kept after they were resolved, in days (1–3650; default 365). */
            findings_days: number;
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
  setRetentionSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description How long Gateway activity records are kept, in days (1–3650; default 90). */
          activity_days: number;
          /** @description How long audit events are kept, in days (30–3650; default 400). */
          audit_days: number;
          /** @description The new audit_days again, when it is lower than the current one. */
          confirm_audit_days?: number;
          /** @description How long risk findings are kept after they were resolved, in days (1–3650; default 365). */
          findings_days: number;
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
            /** @description How long Gateway activity records are kept, in days (1–3650; default 90). */
            activity_days: number;
            /** @description How long audit events are kept, in days (30–3650; default 400). */
            audit_days: number;
            /** @description How long risk findings are kept after they were resolved, in days (1–3650; default 365). */
            findings_days: number;
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
  getRetentionStatus: {
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
            last_run: {
              error: string | null;
              /** Format: date-time */
              finished_at: string;
              /** @description Expired sessions, used invitations and device authorizations removed. */
              housekeeping: {
                [key: string]: number;
              };
              logs: {
                activity: {
                  /** @description Transactions it took (at most 1000 records each). */
                  batches: number;
                  /**
                   * Format: date-time
                   * @description Records older than this were due.
                   */
                  cutoff: string;
                  deleted: number;
                  from: string | null;
                  to: string | null;
                  waiting_for_siem: boolean;
                };
                audit: {
                  /** @description Transactions it took (at most 1000 records each). */
                  batches: number;
                  /**
                   * Format: date-time
                   * @description Records older than this were due.
                   */
                  cutoff: string;
                  deleted: number;
                  from: string | null;
                  to: string | null;
                  waiting_for_siem: boolean;
                };
                findings: {
                  /** @description Transactions it took (at most 1000 records each). */
                  batches: number;
                  /**
                   * Format: date-time
                   * @description Records older than this were due.
                   */
                  cutoff: string;
                  deleted: number;
                  from: string | null;
                  to: string | null;
                  waiting_for_siem: boolean;
                };
              };
              /** Format: date-time */
              started_at: string;
            } | null;
            logs: {
              days: number;
              /** @enum {unknown} */
              log: 'activity' | 'audit' | 'findings';
              /** @description The oldest record kept; null when there is none. */
              oldest_kept: string | null;
              /** @description Records past the setting are kept because a SIEM destination has not received them yet. */
              waiting_for_siem: boolean;
            }[];
            next_run_at: string | null;
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
  listSiemDestinations: {
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
            destinations: components['schemas']['SiemDestination'][];
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
  createSiemDestination: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @default true */
          enabled?: boolean;
          /** @enum {unknown} */
          format: 'json' | 'cef' | 'ocsf';
          /** @description Shown in the console and in the metrics. */
          name: string;
          /** @description The webhook’s signing secret (at least 16 characters). Write-only. */
          secret?: string;
          /** @description The logs sent: audit events, Gateway activity, risk findings. */
          streams: ('audit' | 'activity' | 'findings')[];
          /** @description A PEM CA for a syslog TLS receiver. */
          tls_ca?: string;
          /** @description Splunk HEC token. Write-only. */
          token?: string;
          /** @enum {unknown} */
          type: 'splunk_hec' | 'syslog' | 'webhook';
          /** @description splunk_hec: the collector’s base URL (https://splunk.example.com:8088); webhook: the URL batches are POSTed to. */
          url: string;
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
          'application/json': components['schemas']['SiemDestination'];
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
      422: {
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
  getSiemDestination: {
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
          'application/json': components['schemas']['SiemDestination'];
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
  deleteSiemDestination: {
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
  updateSiemDestination: {
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
          enabled?: boolean;
          /** @enum {unknown} */
          format?: 'json' | 'cef' | 'ocsf';
          /** @description Shown in the console and in the metrics. */
          name?: string;
          secret?: string | null;
          /** @description The logs sent: audit events, Gateway activity, risk findings. */
          streams?: ('audit' | 'activity' | 'findings')[];
          tls_ca?: string | null;
          token?: string | null;
          /** @enum {unknown} */
          type?: 'splunk_hec' | 'syslog' | 'webhook';
          /** @description splunk_hec: the collector’s base URL (https://splunk.example.com:8088); webhook: the URL batches are POSTed to. */
          url?: string;
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
          'application/json': components['schemas']['SiemDestination'];
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
      422: {
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
  testSiemDestination: {
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
          'application/json': {
            /** @description What the receiver said, or why it could not be reached. */
            answer: string;
            delivered: boolean;
            /** @description For a failure: whether the export would retry it. */
            retryable: boolean | null;
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
  listSlopsquatNames: {
    parameters: {
      query?: {
        /** @description A next_cursor from an earlier page. */
        cursor?: string;
        ecosystem?: 'npm' | 'pypi' | 'crates' | 'go' | 'rubygems' | 'packagist';
        limit?: number;
        published?: boolean;
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
            names: {
              /** @description Installs the Gateway stopped. */
              blocked_installs: number;
              /** @description Sightings, every reason. */
              count: number;
              /** @description Distinct developers who were served it invented (compared with k). */
              developers: number;
              /** @enum {unknown} */
              ecosystem: 'npm' | 'pypi' | 'crates' | 'go' | 'rubygems' | 'packagist';
              /**
               * Format: date
               * @description A UTC day: no finer time is kept.
               */
              first_seen: string;
              /**
               * Format: date
               * @description A UTC day: no finer time is kept.
               */
              last_seen: string;
              model_families: string[];
              name: string;
              /** @description Whether the public feed lists it now. */
              published: boolean;
              /** @description Sightings per reason: missing (invented), young, placeholder, known_hallucination, … */
              reasons: {
                deprecated_for?: number;
                known_hallucination?: number;
                missing?: number;
                near_popular?: number;
                placeholder?: number;
                unreachable?: number;
                young?: number;
              };
              /** @description When the name was registered after models invented it (a squat), when known. */
              registered_since: string | null;
              /** @description Why it is not published: not_invented (caught for another reason only), private_name (a private scope or prefix), private_registry (the private registry holds it), private_registry_unchecked (not yet asked), below_k (fewer than k developers), feed_off. */
              withheld:
                | (
                    | 'not_invented'
                    | 'private_name'
                    | 'private_registry'
                    | 'private_registry_unchecked'
                    | 'below_k'
                    | 'feed_off'
                  )
                | null;
            }[];
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
  previewSlopsquatObservatory: {
    parameters: {
      query?: {
        /** @description A next_cursor from an earlier page. */
        cursor?: string;
        ecosystem?: 'npm' | 'pypi' | 'crates' | 'go' | 'rubygems' | 'packagist';
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
            entries: {
              count: number;
              developers: number;
              /** @enum {unknown} */
              ecosystem: 'npm' | 'pypi' | 'crates' | 'go' | 'rubygems' | 'packagist';
              /**
               * Format: date
               * @description A UTC day: no finer time is kept.
               */
              first_seen: string;
              /**
               * Format: date
               * @description A UTC day: no finer time is kept.
               */
              last_seen: string;
              model_families: string[];
              name: string;
              /**
               * Format: date
               * @description A UTC day: no finer time is kept.
               */
              registered_since?: string;
            }[];
            /** Format: date-time */
            generated_at: string;
            k: number;
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
  getSlopsquatSettings: {
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
            /** @description Off: GET /v1/slopsquat/observatory answers 404. */
            feed_enabled: boolean;
            /** @description Where the public feed is served: the Gateway’s address (GATEHOUSE_GATEWAY_PUBLIC_URL, else the host this console was reached at with the Gateway’s port) and /v1/slopsquat/observatory. */
            feed_url: string;
            /** @description A name is published once at least k distinct developers have seen it invented (default 3). */
            k: number;
            /** @description The organisation’s own registry per ecosystem. */
            private_registries: {
              /** @description An http or https address. */
              crates?: string;
              /** @description An http or https address. */
              go?: string;
              /** @description An http or https address. */
              npm?: string;
              /** @description An http or https address. */
              packagist?: string;
              /** @description An http or https address. */
              pypi?: string;
              /** @description An http or https address. */
              rubygems?: string;
            };
            /** @description Names never published: globs such as @acme/* or acme-*, case-insensitive; `pypi:acme_*` limits one to an ecosystem. */
            private_scopes: string[];
            /** @description Public registry addresses (mirrors) replacing GATEHOUSE_SLOPSQUAT_REGISTRIES’ per ecosystem. */
            registries: {
              /** @description An http or https address. */
              crates?: string;
              /** @description An http or https address. */
              go?: string;
              /** @description An http or https address. */
              npm?: string;
              /** @description An http or https address. */
              packagist?: string;
              /** @description An http or https address. */
              pypi?: string;
              /** @description An http or https address. */
              rubygems?: string;
            };
            /** @description The registry the Gateway asks now, per ecosystem: the address set here, else GATEHOUSE_SLOPSQUAT_REGISTRIES’, else the public registry. */
            registries_in_effect: {
              crates: string;
              go: string;
              npm: string;
              packagist: string;
              pypi: string;
              rubygems: string;
            };
            subscription_status: {
              last_error: string | null;
              last_polled_at: string | null;
              last_success_at: string | null;
              /** @description Names it reported when last read. */
              names: number;
              url: string;
            }[];
            /** @description Other deployments’ feed addresses (…/v1/slopsquat/observatory): their names are known hallucinations. */
            subscriptions: string[];
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
  setSlopsquatSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Off: GET /v1/slopsquat/observatory answers 404. */
          feed_enabled: boolean;
          /** @description A name is published once at least k distinct developers have seen it invented (default 3). */
          k: number;
          /** @description The organisation’s own registry per ecosystem. */
          private_registries: {
            /** @description An http or https address. */
            crates?: string;
            /** @description An http or https address. */
            go?: string;
            /** @description An http or https address. */
            npm?: string;
            /** @description An http or https address. */
            packagist?: string;
            /** @description An http or https address. */
            pypi?: string;
            /** @description An http or https address. */
            rubygems?: string;
          };
          /** @description Names never published: globs such as @acme/* or acme-*, case-insensitive; `pypi:acme_*` limits one to an ecosystem. */
          private_scopes: string[];
          /** @description Public registry addresses (mirrors) replacing GATEHOUSE_SLOPSQUAT_REGISTRIES’ per ecosystem. */
          registries: {
            /** @description An http or https address. */
            crates?: string;
            /** @description An http or https address. */
            go?: string;
            /** @description An http or https address. */
            npm?: string;
            /** @description An http or https address. */
            packagist?: string;
            /** @description An http or https address. */
            pypi?: string;
            /** @description An http or https address. */
            rubygems?: string;
          };
          /** @description Other deployments’ feed addresses (…/v1/slopsquat/observatory): their names are known hallucinations. */
          subscriptions: string[];
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
            /** @description Off: GET /v1/slopsquat/observatory answers 404. */
            feed_enabled: boolean;
            /** @description Where the public feed is served: the Gateway’s address (GATEHOUSE_GATEWAY_PUBLIC_URL, else the host this console was reached at with the Gateway’s port) and /v1/slopsquat/observatory. */
            feed_url: string;
            /** @description A name is published once at least k distinct developers have seen it invented (default 3). */
            k: number;
            /** @description The organisation’s own registry per ecosystem. */
            private_registries: {
              /** @description An http or https address. */
              crates?: string;
              /** @description An http or https address. */
              go?: string;
              /** @description An http or https address. */
              npm?: string;
              /** @description An http or https address. */
              packagist?: string;
              /** @description An http or https address. */
              pypi?: string;
              /** @description An http or https address. */
              rubygems?: string;
            };
            /** @description Names never published: globs such as @acme/* or acme-*, case-insensitive; `pypi:acme_*` limits one to an ecosystem. */
            private_scopes: string[];
            /** @description Public registry addresses (mirrors) replacing GATEHOUSE_SLOPSQUAT_REGISTRIES’ per ecosystem. */
            registries: {
              /** @description An http or https address. */
              crates?: string;
              /** @description An http or https address. */
              go?: string;
              /** @description An http or https address. */
              npm?: string;
              /** @description An http or https address. */
              packagist?: string;
              /** @description An http or https address. */
              pypi?: string;
              /** @description An http or https address. */
              rubygems?: string;
            };
            /** @description The registry the Gateway asks now, per ecosystem: the address set here, else GATEHOUSE_SLOPSQUAT_REGISTRIES’, else the public registry. */
            registries_in_effect: {
              crates: string;
              go: string;
              npm: string;
              packagist: string;
              pypi: string;
              rubygems: string;
            };
            subscription_status: {
              last_error: string | null;
              last_polled_at: string | null;
              last_success_at: string | null;
              /** @description Names it reported when last read. */
              names: number;
              url: string;
            }[];
            /** @description Other deployments’ feed addresses (…/v1/slopsquat/observatory): their names are known hallucinations. */
            subscriptions: string[];
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
}
