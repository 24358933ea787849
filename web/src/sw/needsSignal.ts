// The page an email link opens without a signal (issue 31): those pages are
// the server's (an RSVP, a practice session, unsubscribing) and cannot work
// from the phone's copy, so the worker says so in plain words, rather than
// the browser's own error page, and that nothing was recorded. Made here, not
// precached: the few lines cost nothing to keep in the worker.

export const NEEDS_SIGNAL_TITLE = 'No signal';
export const NEEDS_SIGNAL_MESSAGE =
  'This page needs a signal to reach Cantica. Nothing was recorded. Open the link again when you are back online.';
export const TRY_AGAIN_LABEL = 'Try again';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** needsSignal is the page answered for the email link at url when the network failed. */
export function needsSignal(url: string): Response {
  const { pathname, search } = new URL(url);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${NEEDS_SIGNAL_TITLE} · Cantica</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529;background:#fff}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
a{display:inline-block;margin-top:1rem;padding:.625rem 1.25rem;border-radius:.5rem;background:#5f3dc4;color:#fff;text-decoration:none;font-weight:600}
@media (prefers-color-scheme:dark){body{color:#c9c9c9;background:#242424}}
</style>
</head>
<body>
<main>
<h1>${NEEDS_SIGNAL_TITLE}</h1>
<p>${NEEDS_SIGNAL_MESSAGE}</p>
<a href="${escape(pathname + search)}">${TRY_AGAIN_LABEL}</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
