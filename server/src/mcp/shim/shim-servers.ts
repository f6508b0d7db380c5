// GET /mcp/servers: what a signed-in device may know of the MCP inventory so that `gatehouse-client setup
// <tool> --mcp` can send its tools' remote servers through /mcp/{alias}: each enabled server's alias and
// URL, answered from memory (the inventory's cache), never its headers (the Gateway adds those itself on
// the way to the server). A disabled server is left out: routed through the Gateway it would only fail.
import { Type, type Static } from 'typebox';

export const ServerListAnswer = Type.Object({
  servers: Type.Array(
    Type.Object({
      alias: Type.String({ description: 'The {alias} of /mcp/{alias} on this Gateway.' }),
      url: Type.String({
        description:
          'The server’s own Streamable HTTP endpoint as registered (normalised): a tool configured with this URL is routed through /mcp/{alias} instead.',
      }),
    }),
    { description: 'The enabled servers of the MCP inventory, by alias.' },
  ),
});
export type ServerListAnswer = Static<typeof ServerListAnswer>;

/** The inventory as far as this route reads it (mcp-server-service.ts). */
export interface ServerInventory {
  list(): ReadonlyArray<{ alias: string; url: string; enabled: boolean }>;
}

export function routedServers(inventory: ServerInventory): ServerListAnswer {
  return {
    servers: inventory
      .list()
      .filter((s) => s.enabled)
      .map((s) => ({ alias: s.alias, url: s.url })),
  };
}
