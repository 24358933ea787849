import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import {
  matchPath,
  Route,
  Router,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  type Navigator,
  type To,
} from 'react-router';
import { publicPages } from '../features/public';
import { AppProviders } from './AppProviders';
import { carryToasts } from './carriedToasts';
import { publicLayoutRoutes } from './publicRoutes';
import { ErrorBoundary } from './shell/ErrorFallback';

// The public app: the pages a visitor opens without signing in (the landing
// page, sign-in and sign-up, invitations, email links), which the server sends
// when one of them is opened directly. It is the signed-in app (App.tsx)
// without what only signed-in pages need: React Router's declarative routes in
// place of its data router, no shell, no dashboard code. A link to any other
// page loads that page afresh, in the signed-in app.

const lazyPage = (load: () => Promise<ComponentType>) => lazy(() => load().then((Component) => ({ default: Component })));
const LandingPage = lazyPage(publicPages.LandingPage);
const PublicLayout = lazyPage(publicPages.PublicLayout);
const pages = publicLayoutRoutes.map(({ path, load }) => ({ path, Page: lazyPage(load) }));

/** pageLoads loads a page afresh (an object so that tests can watch it). */
export const pageLoads = {
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};

/** leaveFor loads a page of the signed-in app, keeping the toasts on screen. */
function leaveFor(url: string, how: 'assign' | 'replace') {
  carryToasts();
  pageLoads[how](url);
}

const ownPaths = ['/', ...publicLayoutRoutes.map((r) => r.path)];
const isOwnPath = (pathname: string) => ownPaths.some((path) => matchPath(path, pathname));

/**
 * PublicRouter is React Router's BrowserRouter, but a navigation to a page
 * that is not the public app's loads that page instead of changing the
 * address first: a sign-in ending on /dashboard goes there in one step.
 */
function PublicRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen(setState), [history]);
  const navigator = useMemo<Navigator>(() => {
    const leaving = (to: To) => {
      const url = new URL(history.createHref(to), window.location.href);
      return isOwnPath(url.pathname) ? null : url.pathname + url.search + url.hash;
    };
    return {
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to, state) => {
        const url = leaving(to);
        if (url) leaveFor(url, 'assign');
        else history.push(to, state);
      },
      replace: (to, state) => {
        const url = leaving(to);
        if (url) leaveFor(url, 'replace');
        else history.replace(to, state);
      },
    };
  }, [history]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

/** OpenInApp loads a page that is not the public app's afresh (one reached by the browser's back button). */
function OpenInApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => leaveFor(pathname + search + hash, 'replace'), [pathname, search, hash]);
  return null;
}

/** PageErrors shows the error fallback screen for a page that failed; another page clears it. */
function PageErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} landmark>
      {children}
    </ErrorBoundary>
  );
}

export function PublicApp() {
  return (
    <AppProviders>
      <PublicRouter>
        <PageErrors>
          {/* Nothing while a page's code loads on arrival, as before any script ran. */}
          <Suspense fallback={null}>
            <Routes>
              <Route path="/" element={<LandingPage />} />
              <Route element={<PublicLayout />}>
                {pages.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
              </Route>
              <Route path="*" element={<OpenInApp />} />
            </Routes>
          </Suspense>
        </PageErrors>
      </PublicRouter>
    </AppProviders>
  );
}
