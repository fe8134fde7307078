// Several statements on one connection in one round trip: node-postgres's pipeline mode sends each query
// without waiting for the answer to the one before (the server still runs them one after the other, each
// with its own Sync, so a statement sees what the statements before it did and locked). The group commit
// (commit.ts) sends "begin, lock, lock, read" as one write and "write, commit" as another: two round trips
// a batch where it took six (issue 30).
import type pg from 'pg';

/** node-postgres's pipeline switch (a plain field of the client: @types/pg has it read-only). */
type Pipelining = { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };

/**
 * Runs `queries` on `client` (idle, checked out of the pool) in one round trip and answers their results in
 * order. Every query is answered before this returns; the first failure is thrown (in a transaction the
 * statements after it fail with "current transaction is aborted", which is not the cause).
 */
export async function pipelined(client: pg.PoolClient, queries: pg.QueryConfig[]): Promise<pg.QueryResult[]> {
  const c = client as unknown as Pipelining;
  c.pipeline = true;
  let answers: PromiseSettledResult<pg.QueryResult>[];
  try {
    const stream = c.connection.stream;
    // One write for all of them: each query corks and uncorks the socket itself; the outer cork holds them.
    stream.cork();
    let sent: Promise<pg.QueryResult>[];
    try {
      sent = queries.map((q) => client.query(q));
    } finally {
      stream.uncork();
    }
    answers = await Promise.allSettled(sent);
  } finally {
    c.pipeline = false;
  }
  const failed = answers.find((a) => a.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return answers.map((a) => (a as PromiseFulfilledResult<pg.QueryResult>).value);
}
