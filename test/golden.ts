// Shared by the rulesets' example tests (moved from packages/ruleset-mage-knight/test/golden.ts).
// Strict golden files: a missing golden file is a failure (never written silently); UPDATE_GOLDEN=1
// rewrites them, to be reviewed and committed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export function expectGolden(actual: string, file: URL): void {
  const path = fileURLToPath(file);
  if (process.env.UPDATE_GOLDEN === '1') {
    writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path)) throw new Error(`golden file ${path} is missing: run the test with UPDATE_GOLDEN=1 to write it, review it, and commit it`);
  expect(actual, `differs from the golden file ${path} (UPDATE_GOLDEN=1 rewrites it)`).toBe(readFileSync(path, 'utf8'));
}
