// The statement-name rewriting of the embedded PostgreSQL proxy, message by message (pure, no I/O).
import { describe, expect, it } from 'vitest';
import { BackendFramer, FrontendRewriter, listenStatements, notificationChannel, queryMessage, sqlOf } from '../src/index.ts';

function msg(type: string, ...parts: (string | Buffer)[]): Buffer {
  const body = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.concat([Buffer.from(p), Buffer.from([0])]) : p)));
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function startup(): Buffer {
  const body = Buffer.concat([Buffer.from('user\0postgres\0database\0postgres\0\0')]);
  const b = Buffer.alloc(8);
  b.writeInt32BE(body.length + 8, 0);
  b.writeInt32BE(196608, 4);
  return Buffer.concat([b, body]);
}

const int16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};

describe('FrontendRewriter', () => {
  it('passes the startup message through and prefixes statement and portal names after it', () => {
    const r = new FrontendRewriter('c7_');
    const s = startup();
    expect(r.push(s)).toEqual(s);
    const parse = msg('P', 'auth', 'SELECT $1', int16(0));
    expect(r.push(parse)).toEqual(msg('P', 'c7_auth', 'SELECT $1', int16(0)));
    expect(r.push(msg('B', 'cur', 'auth', int16(0), int16(0), int16(0)))).toEqual(msg('B', 'c7_cur', 'c7_auth', int16(0), int16(0), int16(0)));
    expect(r.push(msg('D', Buffer.from('S'), 'auth'))).toEqual(msg('D', Buffer.from('S'), 'c7_auth'));
    expect(r.push(msg('E', 'cur', Buffer.alloc(4)))).toEqual(msg('E', 'c7_cur', Buffer.alloc(4)));
    expect([...r.statements]).toEqual(['c7_auth']);
    expect(r.push(msg('C', Buffer.from('S'), 'auth'))).toEqual(msg('C', Buffer.from('S'), 'c7_auth'));
    expect([...r.statements]).toEqual([]);
  });

  it('leaves unnamed statements and portals, and every other message, as they are', () => {
    const r = new FrontendRewriter('c1_');
    r.push(startup());
    const batch = Buffer.concat([msg('P', '', 'SELECT 1', int16(0)), msg('B', '', '', int16(0), int16(0), int16(0)), msg('E', '', Buffer.alloc(4)), msg('S'), queryMessage('SELECT 2')]);
    expect(r.push(batch)).toEqual(batch);
  });

  it('reassembles messages split across chunks, whatever the split', () => {
    const stream = Buffer.concat([startup(), msg('P', 'x', 'SELECT 1', int16(0)), msg('S')]);
    const expected = Buffer.concat([startup(), msg('P', 'c2_x', 'SELECT 1', int16(0)), msg('S')]);
    for (let cut = 1; cut < stream.length; cut++) {
      const r = new FrontendRewriter('c2_');
      const out = Buffer.concat([r.push(stream.subarray(0, cut)), r.push(stream.subarray(cut))]);
      expect(out).toEqual(expected);
    }
  });

  it('refuses a name that is not NUL-terminated', () => {
    const r = new FrontendRewriter('c3_');
    r.push(startup());
    const bad = Buffer.from([0x50, 0, 0, 0, 7, 0x61, 0x62, 0x63]);
    expect(() => r.push(bad)).toThrow('malformed PostgreSQL message');
  });
});

describe('BackendFramer', () => {
  it('returns whole messages only, keeping a partial one for the next chunk', () => {
    const z = msg('Z', Buffer.from('I'));
    const c = msg('C', 'SELECT 1');
    const stream = Buffer.concat([c, z]);
    const f = new BackendFramer();
    expect(f.push(stream.subarray(0, c.length + 2))).toEqual([c]);
    expect(f.push(stream.subarray(c.length + 2))).toEqual([z]);
  });
});

describe('notifications', () => {
  it('reads the channel of a NotificationResponse', () => {
    const a = msg('A', Buffer.from([0, 0, 0, 42]), 'bullmq_jobs', 'arbiter-turns');
    expect(notificationChannel(a)).toBe('bullmq_jobs');
  });

  it('finds LISTEN and UNLISTEN statements, folding unquoted names as PostgreSQL does', () => {
    expect(listenStatements('-- Subscribe\nLISTEN bullmq_jobs;\n')).toEqual([['listen', 'bullmq_jobs']]);
    expect(listenStatements('LISTEN Jobs; UNLISTEN "Mixed ""Case"""; UNLISTEN *')).toEqual([
      ['listen', 'jobs'],
      ['unlisten', 'Mixed "Case"'],
      ['unlisten', '*'],
    ]);
    expect(listenStatements("SELECT 'no LISTEN here'")).toEqual([]);
  });

  it('reads the SQL of Query and Parse messages', () => {
    expect(sqlOf(queryMessage('LISTEN x'))).toBe('LISTEN x');
    expect(sqlOf(msg('P', 'name', 'SELECT $1', int16(0)))).toBe('SELECT $1');
    expect(sqlOf(msg('S'))).toBeNull();
  });
});
