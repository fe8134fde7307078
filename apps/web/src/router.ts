// Hash routes (#/play, #/gm/game/<id>): the server serves one page, and no secret is ever in a route.
import { useEffect, useState } from 'preact/hooks';

export function currentRoute(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').filter((s) => s !== '').map(decodeURIComponent);
}

export function navigate(...parts: string[]): void {
  location.hash = `#/${parts.map(encodeURIComponent).join('/')}`;
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
