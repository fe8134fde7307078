// Who is signed in on this browser (docs/web.md, "Authentication"): a player's game id and secret, and
// the GM token, in localStorage so that they stay signed in until they sign out. Nothing is a cookie, so
// no other site can make this browser act with them (CSRF); the page's Content-Security-Policy lets no
// other script run beside it to read them.

export interface PlayerSession {
  gameId: string;
  secret: string;
  /** The game's name, once known (for the list of a player's games). */
  name?: string;
}

const PLAYER = 'arbiter.player';
/** Every game this browser is signed in to as a player (one player may play several games). */
const PLAYERS = 'arbiter.players';
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

const isPlayers = (v: unknown): v is PlayerSession[] => Array.isArray(v) && v.every(isPlayer);

function players(): PlayerSession[] {
  const list = read(PLAYERS, isPlayers) ?? [];
  const current = read(PLAYER, isPlayer);
  return current !== null && !list.some((p) => p.gameId === current.gameId) ? [current, ...list] : list;
}

export const session = {
  player: (): PlayerSession | null => read(PLAYER, isPlayer),
  /** Every game signed in to on this browser, the current one among them. */
  players,
  /** Signs in to a game (or switches to it): it becomes the current one and joins the list. */
  setPlayer: (s: PlayerSession): void => {
    localStorage.setItem(PLAYER, JSON.stringify(s));
    localStorage.setItem(PLAYERS, JSON.stringify([...players().filter((p) => p.gameId !== s.gameId), s].sort((a, b) => a.gameId.localeCompare(b.gameId))));
  },
  gmToken: (): string | null => read(GM, isToken)?.token ?? null,
  setGmToken: (token: string): void => localStorage.setItem(GM, JSON.stringify({ token })),
  /** Signs out of the current game; another game of the list becomes the current one, if any. */
  signOutPlayer: (): void => {
    const current = read(PLAYER, isPlayer);
    const rest = players().filter((p) => p.gameId !== current?.gameId);
    localStorage.setItem(PLAYERS, JSON.stringify(rest));
    if (rest[0] !== undefined) localStorage.setItem(PLAYER, JSON.stringify(rest[0]));
    else localStorage.removeItem(PLAYER);
  },
  signOutGm: (): void => localStorage.removeItem(GM),
};
