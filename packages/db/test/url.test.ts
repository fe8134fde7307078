import { describe, expect, it } from 'vitest';
import { poolConfigFromUrl, redactUrl, withDatabase } from '../src/url.ts';

describe('poolConfigFromUrl', () => {
  it('splits a URL into an explicit pool config', () => {
    expect(poolConfigFromUrl('postgresql://ar%40biter:p%2Fss@db.example.org:6543/games?sslmode=require')).toEqual({
      host: 'db.example.org',
      port: 6543,
      database: 'games',
      user: 'ar@biter',
      password: 'p/ss',
      ssl: { rejectUnauthorized: false },
    });
    expect(poolConfigFromUrl('postgres://postgres@127.0.0.1/x')).toEqual({ host: '127.0.0.1', port: 5432, database: 'x', user: 'postgres' });
  });

  it('takes a Unix-domain socket directory from ?host=', () => {
    expect(poolConfigFromUrl('postgresql://postgres@localhost/arbiter?host=/var/run/postgresql').host).toBe('/var/run/postgresql');
  });

  it('names the problem with a bad URL, without the password', () => {
    expect(() => poolConfigFromUrl('mysql://u:secret@h/db')).toThrow('DATABASE_URL must start with postgresql://');
    expect(() => poolConfigFromUrl('not a url :secret@')).toThrow(/not a valid URL/);
    expect(redactUrl('postgresql://u:secret@h/db')).toBe('postgresql://u:***@h/db');
  });

  it('withDatabase swaps the database only', () => {
    expect(withDatabase('postgresql://u:p@h:5432/a?sslmode=require', 'b')).toBe('postgresql://u:p@h:5432/b?sslmode=require');
  });
});
