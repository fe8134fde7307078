// Bearer authentication: the GM token from the configuration, or a nation's secret; failures are
// counted per client address and answered with 429 once over the limit. The limit only changes the answer
// to wrong credentials: a request with a correct secret or the GM token is never refused because of
// earlier failures from its address (behind one NAT or proxy, other people's; docs/security.md). The
// client address is the socket's, or X-Forwarded-For's only from the proxies named in API_TRUST_PROXY.
import type { FastifyRequest } from 'fastify';
import type { Db } from '@arbiter/db';
import { authenticateNation, secretDigest, tokenMatcher, type AuthenticatedNation } from '@arbiter/intake';
import { HttpProblem } from './problem.ts';

/** Fixed-window counter of failed authentications per client address. */
export class AuthFailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when `key` has used up its failures for this window. */
  check(key: string): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    const now = this.now();
    if (e.resetAt <= now) {
      this.entries.delete(key);
      return;
    }
    if (e.count >= this.max) {
      const retryAfter = Math.ceil((e.resetAt - now) / 1000);
      throw new HttpProblem(429, 'too-many-auth-failures', `Too many failed authentications from your address; try again in ${retryAfter} seconds.`, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  fail(key: string): void {
    const now = this.now();
    const e = this.entries.get(key);
    if (e === undefined || e.resetAt <= now) {
      if (this.entries.size >= 100_000) this.prune(now);
      this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      e.count++;
    }
  }

  private prune(now: number): void {
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
    // Still full (an attack from very many addresses): forget the oldest half.
    if (this.entries.size >= 100_000) {
      let i = 0;
      for (const k of this.entries.keys()) {
        if (i++ > 50_000) break;
        this.entries.delete(k);
      }
    }
  }
}

export type Principal = { kind: 'gm' } | { kind: 'nation'; nation: AuthenticatedNation };

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? (m[1] as string) : null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's onRequest authentication hook. */
    principal: Principal | null;
  }
}

export type Allowed = 'gm' | 'nation' | 'any';

export interface Authenticator {
  /**
   * The request rate limit's bucket (@fastify/rate-limit keyGenerator): `gm` for the GM token, one per
   * nation for a nation's correct secret, else the client address. Requests without a token (or with a
   * wrong one) from an address therefore never use up the limit of a correct secret or of the GM token
   * sent from the same address (a NAT, a proxy: docs/security.md).
   */
  rateLimitKey(request: FastifyRequest): Promise<string>;
  /** Who is calling, for routes open to `allowed`. Throws 401/403/404/429 problems. */
  authenticate(request: FastifyRequest, gameId: string | null, allowed: Allowed): Promise<Principal>;
  /**
   * A preParsing hook: authenticates after the request rate limit (onRequest) and before the body is
   * read or validated, so an unauthenticated caller learns nothing about its body and costs no parsing.
   */
  hook(allowed: Allowed): <P>(request: FastifyRequest, reply: unknown, payload: P) => Promise<P>;
}

/** The principal the route's hook set; for nation routes, the nation. */
export function principalOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw new Error('route has no authentication hook');
  return request.principal;
}

async function gameExists(db: Db, gameId: string): Promise<boolean> {
  return (await db.prisma.game.count({ where: { id: gameId } })) > 0;
}

/** The game of a route's `:gameId`, if it has one. */
function gameIdOf(request: FastifyRequest): string | null {
  const gameId = (request.params as { gameId?: unknown } | undefined)?.gameId;
  return typeof gameId === 'string' ? gameId : null;
}

export function createAuthenticator(db: Db, gmToken: string, limiter: AuthFailureLimiter): Authenticator {
  const isGm = tokenMatcher(gmToken);
  // One SHA-256 of a request's token: the GM token check and the nation look-up compare the same digest.
  const digests = new WeakMap<FastifyRequest, { token: string; digest: Buffer }>();
  const digestOf = (request: FastifyRequest, token: string): Buffer => {
    const known = digests.get(request);
    if (known !== undefined && known.token === token) return known.digest;
    const digest = secretDigest(token);
    digests.set(request, { token, digest });
    return digest;
  };
  const isGmToken = (request: FastifyRequest, token: string): boolean => isGm(digestOf(request, token));
  // One look-up of a (game, token) per request: the rate limit's key and the authentication share it.
  const lookups = new WeakMap<FastifyRequest, { gameId: string; token: string; nation: Promise<AuthenticatedNation | null> }>();
  const nationOf = (request: FastifyRequest, gameId: string, token: string): Promise<AuthenticatedNation | null> => {
    const known = lookups.get(request);
    if (known !== undefined && known.gameId === gameId && known.token === token) return known.nation;
    const nation = authenticateNation(db, gameId, token, Date.now(), digestOf(request, token));
    lookups.set(request, { gameId, token, nation });
    return nation;
  };
  const authenticator: Authenticator = {
    async rateLimitKey(request) {
      const token = bearerToken(request);
      const gameId = gameIdOf(request);
      if (token !== null && isGmToken(request, token)) return 'gm';
      if (token !== null && gameId !== null) {
        const nation = await nationOf(request, gameId, token);
        if (nation !== null) return `nation:${nation.gameId}:${nation.nationId}`;
      }
      return `address:${request.ip}`;
    },
    hook(allowed) {
      return async (request, _reply, payload) => {
        const gameId = gameIdOf(request);
        request.principal = await authenticator.authenticate(request, allowed !== 'gm' ? gameId : null, allowed);
        return payload;
      };
    },
    async authenticate(request, gameId, allowed) {
      const key = request.ip;
      const token = bearerToken(request);
      const expected = allowed === 'gm' ? 'the game master token' : allowed === 'nation' ? "your nation's secret" : "the game master token or your nation's secret";
      if (token === null) {
        throw new HttpProblem(401, 'missing-credentials', `This route needs ${expected} in an "Authorization: Bearer <token>" header.`, {
          headers: { 'www-authenticate': 'Bearer realm="arbiter"' },
        });
      }
      if (allowed !== 'nation' && isGmToken(request, token)) return { kind: 'gm' };
      if (allowed !== 'gm' && gameId !== null) {
        const nation = await nationOf(request, gameId, token);
        if (nation !== null) return { kind: 'nation', nation };
      }
      if (allowed === 'nation' && isGmToken(request, token)) {
        throw new HttpProblem(403, 'nation-only', "This route is for a nation: use the nation's secret, not the game master token.");
      }
      limiter.check(key);
      limiter.fail(key);
      if (gameId !== null && !(await gameExists(db, gameId))) throw new HttpProblem(404, 'game-not-found', `There is no game "${gameId}".`);
      throw new HttpProblem(401, 'invalid-credentials', `The token is not ${expected}${gameId !== null && allowed !== 'gm' ? ' for this game' : ''}.`, {
        headers: { 'www-authenticate': 'Bearer realm="arbiter", error="invalid_token"' },
      });
    },
  };
  return authenticator;
}
