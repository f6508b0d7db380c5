// PostgreSQL's text and JSON cannot hold U+0000: a string carrying one (a name, a model, anything a
// client sent) failed its insert with "invalid byte sequence", a 500 for the request and a lost batch
// for the batching writers. On PostgreSQL every string parameter has each U+0000 replaced by U+FFFD
// (the replacement character) before it is sent; SQLite stores strings as given.
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const NUL = new RegExp(String.fromCharCode(0), 'g');

export function withoutNul(v: unknown): unknown {
  return typeof v === 'string' && v.includes('\u0000') ? v.replace(NUL, '\ufffd') : v;
}

class NulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return super.transformValue({ ...node, value: withoutNul(node.value) });
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return super.transformPrimitiveValueList({ ...node, values: node.values.map(withoutNul) });
  }
}

export class NulFreeStrings implements KyselyPlugin {
  readonly #transformer = new NulTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
