// The summary of compare-turn.sh's runs (JSON lines on stdin): per side the median warm turn (wall and
// CPU), the new side's seal and anchor, and the goal's ratio (turn CPU / anchor CPU): the new side's as
// its children printed it (each warm turn over the anchor measured right after it, the median of the
// runs' medians), and for both sides each run's median turn over the median anchor of its group's new
// runs (the only way to give the old side one); the hashes each side printed.
import { readFileSync } from 'node:fs';

const runs = readFileSync(0, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r1 = (x) => Math.round(x * 10) / 10;
const side = (s) => runs.filter((x) => x.side === s);
const anchorOf = (g) => median(runs.filter((x) => x.side === 'new' && x.group === g).map((x) => x.run.anchorCpuMs));
const summary = {};
for (const s of ['old', 'new']) {
  const rs = side(s);
  summary[s] = {
    runs: rs.length,
    turnWallMs: r1(median(rs.map((x) => x.run.warmMs))),
    turnCpuMs: r1(median(rs.map((x) => x.run.warmCpuMs))),
    turnPerGroupAnchorCpu: Math.round(median(rs.map((x) => x.run.warmCpuMs / anchorOf(x.group))) * 1000) / 1000,
    hashes: [...new Set(rs.map((x) => x.run.hash))],
    loads: rs.map((x) => x.load),
  };
}
const fresh = side('new');
summary.new.sealCpuMs = r1(median(fresh.map((x) => x.run.sealCpuMs)));
summary.new.turnPerAnchorCpu = Math.round(median(fresh.map((x) => x.run.turnPerAnchorCpu)) * 1000) / 1000;
summary.anchor = { wallMs: r1(median(fresh.map((x) => x.run.anchorMs))), cpuMs: r1(median(fresh.map((x) => x.run.anchorCpuMs))) };
summary.newPerOldCpu = Math.round((summary.new.turnCpuMs / summary.old.turnCpuMs) * 1000) / 1000;
console.log(JSON.stringify(summary, null, 2));
