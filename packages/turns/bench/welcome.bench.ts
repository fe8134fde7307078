// Benchmark: creating a big game with and without its welcome mails (every nation's starting position
// rendered in the creating transaction). Run: npm run bench:welcome -w @arbiter/turns
// (BENCH_NATIONS=100 BENCH_UNITS=20 ...). Uses a fresh database on TEST_DATABASE_URL, dropped after.
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@arbiter/db/testing';
import { createGame } from '@arbiter/intake';
import { createGameWithWelcome, playerMailSettings } from '../src/index.ts';
import { buildScenarioInput, nationIdOf } from '../src/testing.ts';

const nations = Number(process.env.BENCH_NATIONS ?? 100);
const units = Number(process.env.BENCH_UNITS ?? 20);
const settings = playerMailSettings('Arbiter <arbiter@arbiter.example>', 'orders@arbiter.example', 'https://arbiter.example');

const tdb = await createTestDatabase({ poolMax: 5 });
try {
  const { input: scenario } = buildScenarioInput({ nations, unitsPerNation: units });
  const game = () => ({
    name: 'Welcome bench',
    scenario,
    schedule: { kind: 'every' as const, days: 7, time: '18:00' },
    timeZone: 'Europe/London',
    nations: Array.from({ length: nations }, (_, i) => ({ nationId: nationIdOf(i), email: `${nationIdOf(i)}@players.example` })),
  });
  const runs: { label: string; ms: number }[] = [];
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    await createGame(tdb.db, game());
    runs.push({ label: 'createGame', ms: performance.now() - t });
    t = performance.now();
    const created = await createGameWithWelcome(tdb.db, game(), settings);
    runs.push({ label: 'createGameWithWelcome', ms: performance.now() - t });
    if (round === 2) {
      const [size] = await tdb.db.prisma.$queryRaw<{ rows: bigint; bytes: bigint }[]>`
        SELECT count(*) AS rows, coalesce(sum(pg_column_size(m.*)), 0) AS bytes FROM "OutboxMail" m WHERE m."gameId" = ${created.gameId} AND m."kind" = 'welcome'`;
      console.log(`${nations} nations x ${units} units: ${size!.rows} welcome rows, ${(Number(size!.bytes) / nations / 1024).toFixed(1)} KiB each as stored`);
    }
  }
  for (const label of ['createGame', 'createGameWithWelcome']) {
    const ms = runs.filter((r) => r.label === label).map((r) => r.ms).sort((a, b) => a - b);
    console.log(`${label.padEnd(22)} median ${(ms[1]! / 1000).toFixed(2)} s (min ${(ms[0]! / 1000).toFixed(2)}, max ${(ms[2]! / 1000).toFixed(2)})`);
  }
} finally {
  await tdb.drop();
}
