// .env.example lists every variable of the schema, so that it cannot drift from what Arbiter reads.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/index.ts';

const root = new URL('../../../', import.meta.url);
const example = readFileSync(new URL('.env.example', root), 'utf8');
const compose = readFileSync(new URL('docker-compose.yml', root), 'utf8');

/** The names .env.example sets or shows commented out (`NAME=` or `# NAME=` at the start of a line). */
const exampleNames = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);

describe('.env.example', () => {
  it('has every variable of the schema, once', () => {
    const missing = Object.keys(envSchema.shape).filter((k) => !exampleNames.includes(k));
    expect(missing).toEqual([]);
    expect(exampleNames.filter((n, i) => exampleNames.indexOf(n) !== i)).toEqual([]);
  });

  it('has no other variable than those docker-compose.yml reads itself', () => {
    const schema = new Set(Object.keys(envSchema.shape));
    const others = exampleNames.filter((n) => !schema.has(n));
    for (const name of others) expect(compose, `${name} is in .env.example but neither in the schema nor in docker-compose.yml`).toContain(`\${${name}:`);
    expect(others.sort()).toEqual(['API_PUBLISH_PORT', 'MAIL_IN_PUBLISH_PORT', 'POSTGRES_PASSWORD']);
  });
});
