// Hash routes (#/play, #/gm/game/<id>): the server serves one page, and no secret is ever in a route.
import { useEffect, useState } from 'preact/hooks';

export function currentRoute(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').filter((s) => s !== '').map(decodeURIComponent);
}

export function navigate(...parts: string[]): void {
  const hash = `#/${parts.map(encodeURIComponent).join('/')}`;
  if (location.hash === hash) {
    // The browser fires no hashchange for the hash it is on (signing in at #/play, the welcome mail's
    // address): the route is read again all the same, so the page follows the new session.
    dispatchEvent(new HashChangeEvent('hashchange'));
    return;
  }
  location.hash = hash;
}

export function useRoute(): string[] {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const on = () => setRoute(currentRoute());
    addEventListener('hashchange', on);
    on(); // a change between the first render and this effect (a redirect on load) is not missed
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
