// Reads asked before the app's code has loaded (app/earlyReads.ts says which):
// the API client takes each answer, once, in place of the request it would
// have made.
const reads = new Map<string, Promise<Response>>();

/** API_PATH is where the API is: the client's base, and the start of every early read's address. */
export const API_PATH = '/api/v1';

/** askEarly asks for an address now, keeping its answer for the API client; returns it. */
export function askEarly(url: string): Promise<Response> {
  const answer = fetch(url, { credentials: 'same-origin' });
  keepEarly(url, answer);
  return answer;
}

/** keepEarly keeps another answer for an address (a copy of one read here too). */
export function keepEarly(url: string, answer: Promise<Response>): void {
  // Whoever takes it sees a failure; until then it is not an unhandled one.
  answer.catch(() => {});
  reads.set(url, answer);
}

/** takeEarlyRead gives the early answer to a read of the same address, once; undefined for any other request. */
export function takeEarlyRead(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const answer = reads.get(request.url);
  reads.delete(request.url);
  return answer;
}

/** forgetEarlyReads drops the answers nobody took (the first page's warm-up has asked for all it will). */
export function forgetEarlyReads(): void {
  reads.clear();
}
