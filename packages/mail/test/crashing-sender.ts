// The child of runIsolated (test/isolated.ts) for outbox-crash.test.ts: one outbox sender run whose
// attachment resolver aborts the whole process (process.abort(), as a native panic in the map renderer
// did) when it meets the poisoned map, while the batch's other mails are being sent (the default
// concurrency); prints the batch's result when it gets that far.
import { createDb } from '@arbiter/db';
import { createSmtpTransport, sendOutboxBatch } from '../src/index.ts';

let text = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) text += chunk;
const { databaseUrl, smtpUrl, maxAttempts } = JSON.parse(text) as { databaseUrl: string; smtpUrl: string; maxAttempts: number };
const db = createDb(databaseUrl, { poolMax: 2 });
const transport = createSmtpTransport(smtpUrl);
const result = await sendOutboxBatch(db, transport, {
  limit: 10,
  from: 'Arbiter <arbiter@arbiter.example>',
  leaseMs: 1,
  retry: { baseDelayMs: 1, maxDelayMs: 1, maxAttempts },
  resolveAttachment: async (ref) => {
    if ((ref.source as { poison?: boolean }).poison === true) process.abort();
    return Buffer.from('PNG');
  },
});
transport.close();
await db.close();
process.stdout.write(JSON.stringify(result));
