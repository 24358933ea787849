// The private API answers the service worker keeps for offline use (the list
// is rules.ts's): always asked of the network first, answered from the cache
// when the network fails — or when it has not answered within a few seconds
// (a weak signal, a bus between two masts), in which case its late answer
// still refreshes the cache for the next time. Nothing here touches the
// worker's globals: sw.ts hands it the cache, fetch and the event's waitUntil.
import { storedAsOf } from './rules';

/** How long the network has to answer before the kept answer is shown (Workbox's networkTimeoutSeconds idea). */
export const NETWORK_TIMEOUT_MS = 4000;

const SESSION_PATH = '/api/v1/auth/session';

/** The parts of a Cache this module uses. */
export interface KeptAnswers {
  match(request: Request, options: { ignoreVary: boolean }): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

export interface PrivateApiContext {
  cache: KeptAnswers;
  fetch: (request: Request) => Promise<Response>;
  /** Keeps the worker alive for work that outlives the answer (the late network answer). */
  waitUntil: (work: Promise<unknown>) => void;
  /** Deletes every private cache: the session answer says nobody is signed in. */
  forgetPrivateData: () => Promise<void>;
  timeoutMs?: number;
}

function withoutValidators(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}

/** privateApi answers a GET of a kept private API path. */
export async function privateApi(request: Request, ctx: PrivateApiContext): Promise<Response> {
  const { cache } = ctx;
  const kept = await cache.match(request, { ignoreVary: true });
  // The page revalidates the answers it holds (the calendar's ETags); when the
  // cache does not hold that same answer, ask for the whole answer, so it can be kept.
  const asked =
    request.headers.has('If-None-Match') && request.headers.get('If-None-Match') !== kept?.headers.get('ETag')
      ? withoutValidators(request)
      : request;
  const network = ctx.fetch(asked).then((response) => keep(request, response, ctx));
  if (!kept) return network;

  // The page reads when a kept answer was stored from its header (app/pwa/offlineStatus.ts).
  const fromCache = () => kept.clone();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ctx.timeoutMs ?? NETWORK_TIMEOUT_MS);
  });
  const first = await Promise.race([network.catch(() => 'failed' as const), timedOut]);
  clearTimeout(timer);
  if (first === 'failed') return fromCache();
  if (first === 'timeout') {
    // Slow, not gone: the answer still on its way is kept when it comes.
    ctx.waitUntil(network.catch(() => undefined));
    return fromCache();
  }
  return first;
}

/** keep stores a 200 (or stores the kept answer again as of now on a 304) and gives the network's answer back. */
async function keep(request: Request, response: Response, ctx: PrivateApiContext): Promise<Response> {
  const { cache } = ctx;
  if (response.status === 304) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) await cache.put(request, storedAsOf(kept));
  } else if (response.status === 200) {
    if (new URL(request.url).pathname === SESSION_PATH) {
      const session = (await response
        .clone()
        .json()
        .catch(() => null)) as { user?: unknown } | null;
      if (!session?.user) {
        await ctx.forgetPrivateData();
        return response;
      }
    }
    await cache.put(request, storedAsOf(response.clone()));
  }
  return response;
}
