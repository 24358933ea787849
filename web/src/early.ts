// The signed-in app's first entry: asks for the first page's data
// (app/earlyReads.ts) while the app's code, the other entry, still loads.
import { startEarlyReads } from './app/earlyReads';

startEarlyReads(window.location.pathname);
