// npm run bench -w packages/intake — the intake service alone (no HTTP): `submitOrders` from N concurrent
// callers against the real PostgreSQL, with the CPU time of this process and of PostgreSQL's backends per
// submission. Separates the intake's and the database's cost from the API's (apps/api/bench).
import os from 'node:os';
import { readFileSync } from 'node:fs';
import { createTestDatabase } from '@arbiter/db/testing';
import { createGame, submitOrders } from '../src/index.ts';
import { exampleScenario, players, sampleOrders as ORDERS } from '../src/testing.ts';

const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const GAMES = Number(process.env.BENCH_GAMES ?? 20);
/** Every caller submits for the same turn over and over: far past the per-turn quota a nation has in play. */
const UNBOUNDED = { submissionsPerTurn: Number.MAX_SAFE_INTEGER, storedBytesPerTurn: Number.MAX_SAFE_INTEGER };

function cpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  }
  return total;
}

const t = await createTestDatabase({ poolMax: 20 });
try {
  const targets: { gameId: string; nationId: string }[] = [];
  for (let i = 0; i < GAMES; i++) {
    const g = await createGame(t.db, { name: `Bench ${i}`, scenario: exampleScenario(), schedule: { kind: 'every', days: 3, time: '18:00' }, timeZone: 'Europe/Berlin', nations: players });
    for (const n of g.nations) targets.push({ gameId: g.gameId, nationId: n.nationId });
  }
  const run = async (ms: number): Promise<number[]> => {
    const end = performance.now() + ms;
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CALLERS }, async (_, c) => {
        for (let i = c; performance.now() < end; i++) {
          const target = targets[i % targets.length] as (typeof targets)[number];
          const t0 = performance.now();
          await submitOrders(t.db, { ...target, source: 'rest', rawText: ORDERS[target.nationId] as string, quota: UNBOUNDED });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    return latencies;
  };
  await run(2000); // warm-up: JIT, pool, state cache
  const backends = (await t.db.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'arbiter-test' AND datname = current_database()")).rows.map((r) => r.pid);
  const pg0 = cpuMs(backends);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const latencies = await run(SECONDS * 1000);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pg = cpuMs(backends) - pg0;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] as number).toFixed(1);
  const n = latencies.length;
  console.log(`intake alone: ${CALLERS} callers, ${GAMES * 3} nations, ${SECONDS} s; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${Math.round((n * 1000) / wall)} submissions/s; latency p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} ms`);
  console.log(`CPU per submission: Node ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms (user ${(cpu.user / 1000 / n).toFixed(3)}), PostgreSQL (${backends.length} backends) ${(pg / n).toFixed(3)} ms`);
} finally {
  await t.drop();
}
