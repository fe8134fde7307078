// Signing in: a player with the game id and the nation's secret (from the welcome mail), or the game
// master with the GM token. The secret is checked by asking the server for the game's status with it.
import { useState } from 'preact/hooks';
import { enc, json } from '../api.ts';
import { errorText } from '../hooks.ts';
import { navigate } from '../router.ts';
import { session } from '../session.ts';
import type { GameListEntry, GameStatus } from '../types.ts';

export function SignIn() {
  const [gameId, setGameId] = useState('');
  const [secret, setSecret] = useState('');
  const [gmToken, setGmToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [gmError, setGmError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const id = gameId.trim();
      const s = await json<GameStatus>(secret.trim(), `/v1/games/${enc(id)}`);
      if (s.you === undefined) throw new Error('That is the game master token: sign in to the GM desk below.');
      session.setPlayer({ gameId: id, secret: secret.trim(), name: s.name });
      navigate('play');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const signInGm = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setGmError(null);
    try {
      await json<{ games: GameListEntry[] }>(gmToken.trim(), '/v1/games');
      session.setGmToken(gmToken.trim());
      navigate('gm');
    } catch (err) {
      setGmError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="narrow">
      <h1>Arbiter</h1>
      <p>Play-by-email order adjudication. Sign in to your game with its id and your secret from the welcome mail.</p>
      <form onSubmit={signIn} class="card" aria-labelledby="player-sign-in">
        <h2 id="player-sign-in">Player</h2>
        <label>
          Game id
          <input name="gameId" value={gameId} onInput={(e) => setGameId(e.currentTarget.value)} required autoComplete="username" spellcheck={false} />
        </label>
        <label>
          Your secret
          <input name="secret" type="password" value={secret} onInput={(e) => setSecret(e.currentTarget.value)} required autoComplete="current-password" />
        </label>
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit" disabled={busy}>Sign in</button>
        <p class="hint">You stay signed in on this browser until you sign out.</p>
      </form>
      <form onSubmit={signInGm} class="card" aria-labelledby="gm-sign-in">
        <h2 id="gm-sign-in">Game master</h2>
        <label>
          GM token
          <input name="gmToken" type="password" value={gmToken} onInput={(e) => setGmToken(e.currentTarget.value)} required autoComplete="current-password" />
        </label>
        {gmError && <p class="error" role="alert">{gmError}</p>}
        <button type="submit" disabled={busy}>Open the GM desk</button>
      </form>
    </main>
  );
}
