// The one stubbed API of the tests: JSON answers and a fetch routed by
// 'METHOD /path/:param' handlers (paths below /api/v1, without that prefix).
import { vi } from 'vitest';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** apiError answers with the API's error body; details name the fields at fault. */
export function apiError(status: number, code: string, message: string, details?: Record<string, string>): Response {
  return json({ code, message, ...(details ? { details } : {}) }, status);
}

/** A handler gets the request, the path's :params and the JSON body sent (undefined for none). */
export type Handler = (request: Request, params: Record<string, string>, body: unknown) => Response | Promise<Response>;

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** asked lists calls as 'METHOD /path', in the order they were made. */
export const asked = (calls: readonly Pick<Call, 'method' | 'path'>[]) => calls.map((c) => `${c.method} ${c.path}`);

function routesOf(handlers: Record<string, Handler>) {
  return Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ');
    const names: string[] = [];
    const pattern = new RegExp(
      `^/api/v1${path.replace(/:(\w+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    return { method, pattern, names, handler };
  });
}

/**
 * stubFetch replaces the global fetch with a router of 'METHOD /path/:param'
 * handlers, the first that matches answering; anything else answers a JSON
 * 404. Calls are recorded with their JSON bodies.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const routes = routesOf(handlers);
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: Request, init?: RequestInit) => {
    // The generated client sends a Request; a plain fetch(url) of a file sends its address.
    const request = typeof input === 'string' ? new Request(new URL(input, window.location.href), init) : input;
    const { pathname } = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path: pathname.replace(/^\/api\/v1/, ''), body });
    for (const route of routes) {
      const m = route.method === request.method ? route.pattern.exec(pathname) : null;
      if (!m) continue;
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
      return route.handler(request, params, body);
    }
    return apiError(404, 'NOT_FOUND', `No stub for ${request.method} ${pathname}`);
  });
  vi.stubGlobal('fetch', fetch);
  const to = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return {
    fetch,
    calls,
    /** The JSON bodies sent to one endpoint, in order. */
    bodies: (method: string, path: string) => to(method, path).map((c) => c.body),
    /** How many calls one endpoint had. */
    count: (method: string, path: string) => to(method, path).length,
  };
}

/** A promise the test settles by hand, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
