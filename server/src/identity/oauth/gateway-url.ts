// The Gateway's address handed to a device at sign-in (gateway_url). GATEHOUSE_GATEWAY_PUBLIC_URL when
// set; otherwise the host the console is reached at (GATEHOUSE_PUBLIC_URL's, else the request's) with
// the Gateway's port, over plain HTTP as the Gateway listener speaks it: right for one host without a
// proxy, and the setting is there for every other layout.
export function gatewayUrlFor(opts: {
  gatewayPublicUrl: string | undefined;
  publicUrl: string | undefined;
  /** The host name the request reached the console at (no port). */
  consoleHost: string;
  gatewayPort: number;
}): string {
  if (opts.gatewayPublicUrl) return opts.gatewayPublicUrl;
  const host = opts.publicUrl ? new URL(opts.publicUrl).hostname : opts.consoleHost;
  return `http://${host}:${opts.gatewayPort}`;
}
