import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the statements run through one Kysely instance (and its transactions) in this process
 * that may have changed the database. Whatever is not known to be a read counts: a raw statement
 * unless it starts with `select`, a select with a `with` clause (it may hold a write), and a
 * compiled statement run without a query builder (begin, commit, savepoints).
 *
 * A cache of rows that this process itself may change stays valid only while the count is
 * unchanged (the token cache, decision 0010). Writes by other processes, or by the database
 * writer thread's own connection, are not seen here.
 */
export class WriteCounter implements KyselyPlugin {
  private count = 0;
  private readonly reads = new WeakSet<QueryId>();

  get value(): number {
    return this.count;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (isRead(node)) this.reads.add(queryId);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (!this.reads.has(queryId)) this.count++;
    return result;
  }
}

function isRead(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return !node.with;
  if (node.kind === 'RawNode') return /^\s*select\b/i.test(node.sqlFragments[0] ?? '');
  return false;
}
