import { describe, expect, it } from 'vitest';
import { screenAutomatedMail } from '../src/screen.ts';

function screen(headers: Record<string, string>, envelopeFrom: string | null = 'player@home.test', replyAddress: string | null = 'player@home.test') {
  return screenAutomatedMail({ headers: new Map(Object.entries(headers).map(([k, v]) => [k, [v]])), envelopeFrom, replyAddress });
}

describe('robot, bounce, list and loop mail is never answered', () => {
  it.each([
    [{ 'auto-submitted': 'auto-replied' }, 'Auto-Submitted'],
    [{ 'auto-submitted': 'auto-generated; owner-email="x@y"' }, 'Auto-Submitted'],
    [{ precedence: 'bulk' }, 'Precedence: bulk'],
    [{ precedence: 'junk' }, 'Precedence: junk'],
    [{ precedence: 'list' }, 'Precedence: list'],
    [{ 'x-loop': 'arbiter' }, 'our own mail came back'],
    [{ 'x-loop': 'tracker@example.org' }, 'X-Loop'],
    [{ 'list-id': '<players.example.org>' }, 'List-Id'],
    [{ 'x-autoreply': 'yes' }, 'x-autoreply'],
    [{ 'content-type': 'multipart/report; report-type=delivery-status; boundary=x' }, 'multipart/report'],
  ])('%o', (headers, reason) => {
    const r = screen(headers);
    expect(r.automated).toBe(true);
    if (r.automated) expect(r.reason).toContain(reason);
  });

  it.each(['', '<>'])('null envelope sender %j', (from) => {
    expect(screen({}, from).automated).toBe(true);
  });

  it.each(['MAILER-DAEMON@mx.example.org', 'postmaster@example.org', 'no-reply@example.org', 'players-request@lists.example.org', 'owner-players@lists.example.org'])(
    'robot address %s',
    (address) => {
      expect(screen({}, address, address).automated).toBe(true);
    },
  );

  it('answers people: Auto-Submitted: no, Precedence: normal, ordinary addresses, unknown envelope', () => {
    expect(screen({ 'auto-submitted': 'no', precedence: 'normal' })).toEqual({ automated: false });
    expect(screen({}, null, 'frodo@shire.example')).toEqual({ automated: false });
  });

  it('does not answer a mail without any address to answer', () => {
    expect(screen({}, 'x@y.z', null)).toMatchObject({ automated: true, reason: 'no sender address to answer' });
  });
});
