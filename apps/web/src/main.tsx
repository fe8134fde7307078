// The web client (docs/web.md): one page, hash routes, Preact. Players at #/play, the GM desk at #/gm.
import { render } from 'preact';
import { GmCreate } from './gm/GmCreate.tsx';
import { GmGame } from './gm/GmGame.tsx';
import { GmGames } from './gm/GmGames.tsx';
import { PlayerHome } from './player/PlayerHome.tsx';
import { SignIn } from './player/SignIn.tsx';
import { navigate, useRoute } from './router.ts';
import { session } from './session.ts';
import './style.css';

function App() {
  const [page, ...rest] = useRoute();
  if (page === 'play' && rest[0] !== 'add') {
    const who = session.player();
    if (who !== null) return <PlayerHome key={`${who.gameId}`} who={who} />;
  }
  if (page === 'gm') {
    const token = session.gmToken();
    if (token !== null) {
      if (rest[0] === 'new') return <GmCreate token={token} />;
      if (rest[0] === 'game' && rest[1] !== undefined) return <GmGame key={rest[1]} token={token} gameId={rest[1]} />;
      return <GmGames token={token} />;
    }
  }
  if (page === undefined) {
    // Signed in already: straight to the player's page (or the GM desk).
    if (session.player() !== null) queueMicrotask(() => navigate('play'));
    else if (session.gmToken() !== null) queueMicrotask(() => navigate('gm'));
  }
  return <SignIn />;
}

render(<App />, document.getElementById('app')!);
