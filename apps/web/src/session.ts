// Who is signed in on this browser (docs/web.md, "Authentication"): a player's game id and secret, and
// the GM token, in localStorage so that they stay signed in until they sign out. Nothing is a cookie, so
// no other site can make this browser act with them (CSRF); the page's Content-Security-Policy lets no
// other script run beside it to read them.

export interface PlayerSession {
  gameId: string;
  secret: string;
}

const PLAYER = 'arbiter.player';
const GM = 'arbiter.gm';

function read<T>(key: string, valid: (v: unknown) => v is T): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const v: unknown = JSON.parse(raw);
    return valid(v) ? v : null;
  } catch {
    return null;
  }
}

const isPlayer = (v: unknown): v is PlayerSession =>
  typeof v === 'object' && v !== null && typeof (v as PlayerSession).gameId === 'string' && typeof (v as PlayerSession).secret === 'string';
const isToken = (v: unknown): v is { token: string } => typeof v === 'object' && v !== null && typeof (v as { token: unknown }).token === 'string';

export const session = {
  player: (): PlayerSession | null => read(PLAYER, isPlayer),
  setPlayer: (s: PlayerSession): void => localStorage.setItem(PLAYER, JSON.stringify(s)),
  gmToken: (): string | null => read(GM, isToken)?.token ?? null,
  setGmToken: (token: string): void => localStorage.setItem(GM, JSON.stringify({ token })),
  signOutPlayer: (): void => localStorage.removeItem(PLAYER),
  signOutGm: (): void => localStorage.removeItem(GM),
};
