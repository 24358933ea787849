// The only script of the prerendered landing page (dist/landing.html, see
// landing.tsx): it gives the static markup what React's LandingPage does at
// runtime, in a few hundred bytes instead of React, Mantine and the router.
// It imports nothing: scripts/prerender.mjs inlines it whole.

// As app/theme.tsx (THEME_STORAGE_KEY) and accounts spec §2.5.
const THEME_KEY = 'theme';
const SCROLL_THRESHOLD = 10;

type Scheme = 'light' | 'dark';

// The icons ThemeToggle shows (Tabler's IconMoon and IconSun at size 18, stroke 1.5) and the
// IconX of Mantine's close buttons.
const svg = (size: number, stroke: number, paths: string[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths.map((d) => `<path d="${d}"></path>`).join('')}</svg>`;
const MOON = svg(18, 1.5, ['M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454l0 .008']);
const SUN = svg(18, 1.5, [
  'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
  'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7',
]);
const CLOSE = svg(20, 1.5, ['M18 6l-12 12', 'M6 6l12 12']);

// The menu drawer, after Mantine's Drawer (position right, size xs) with the theme's variables,
// so that it follows the light and dark schemes.
const MENU_CSS = `
.cantica-menu{margin:0 0 0 auto;padding:0;border:0;width:20rem;max-width:100%;height:100%;max-height:100%;background:var(--mantine-color-body);color:var(--mantine-color-text);box-shadow:var(--mantine-shadow-xl)}
.cantica-menu::backdrop{background:rgba(0,0,0,.6)}
.cantica-menu-body{box-sizing:border-box;height:100%;overflow-y:auto;padding:var(--mantine-spacing-md)}
.cantica-menu-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:var(--mantine-spacing-md)}
.cantica-menu h2{margin:0;font-size:var(--mantine-font-size-md);font-weight:var(--mantine-font-weight-regular);line-height:1}
.cantica-menu-close{display:inline-flex;align-items:center;justify-content:center;width:1.75rem;height:1.75rem;padding:0;border:0;border-radius:var(--mantine-radius-default);background:transparent;color:inherit;cursor:pointer}
.cantica-menu-close:hover{background:var(--mantine-color-default-hover)}
.cantica-menu nav{display:flex;flex-direction:column;gap:var(--mantine-spacing-md)}
@media (prefers-reduced-motion:no-preference){.cantica-menu[open]{animation:cantica-menu-in 200ms ease}}
@keyframes cantica-menu-in{from{transform:translateX(100%)}}
`;

/** enhanceLanding brings the prerendered landing page to life: theme toggle, header, menu, year. */
export function enhanceLanding(doc: Document): void {
  const header = doc.querySelector('header');
  if (!header) return;
  themeToggle(doc, header);
  scrolledHeader(doc, header);
  menu(doc, header);
  currentYear(doc);
}

/**
 * themeToggle wires the header's toggle. The scheme was set before the first paint
 * by the page's inline script; the prerendered button names the light one.
 */
function themeToggle(doc: Document, header: HTMLElement) {
  const root = doc.documentElement;
  const button = header.querySelector<HTMLButtonElement>('button[aria-label^="Switch to"]');
  if (!button) return;
  const current = (): Scheme => (root.getAttribute('data-mantine-color-scheme') === 'dark' ? 'dark' : 'light');
  const apply = (scheme: Scheme) => {
    root.setAttribute('data-mantine-color-scheme', scheme);
    const next = scheme === 'dark' ? 'light' : 'dark';
    const label = `Switch to ${next} theme`;
    button.setAttribute('aria-label', label);
    button.title = label;
    const icon = button.firstElementChild ?? button;
    icon.innerHTML = next === 'dark' ? MOON : SUN;
  };
  apply(current());
  button.addEventListener('click', () => {
    const scheme = current() === 'dark' ? 'light' : 'dark';
    apply(scheme);
    try {
      doc.defaultView?.localStorage.setItem(THEME_KEY, scheme);
    } catch {
      // Not stored (private modes, blocked storage): the choice lasts for this page.
    }
  });
  // Another tab changed or cleared the choice; with none, the landing page is light.
  doc.defaultView?.addEventListener('storage', (e) => {
    if (e.key === THEME_KEY || e.key === null) apply(e.newValue === 'dark' ? 'dark' : 'light');
  });
}

/** scrolledHeader restyles the sticky header past 10 px of scroll, as LandingPage's header does. */
function scrolledHeader(doc: Document, header: HTMLElement) {
  const win = doc.defaultView;
  if (!win) return;
  const update = () => {
    const scrolled = (win.scrollY || win.pageYOffset || 0) > SCROLL_THRESHOLD;
    if (header.dataset.scrolled === String(scrolled)) return;
    header.dataset.scrolled = String(scrolled);
    header.style.paddingBlock = `var(--mantine-spacing-${scrolled ? 'xs' : 'md'})`;
    header.style.borderBottomColor = scrolled ? 'var(--mantine-color-default-border)' : 'transparent';
    header.style.boxShadow = scrolled ? 'var(--mantine-shadow-sm)' : 'none';
  };
  // The page may open scrolled: at /#pricing, or on reload.
  update();
  win.addEventListener('scroll', update, { passive: true });
}

/**
 * menu gives the burger (narrow screens) a drawer from the right: a modal <dialog>
 * with copies of the header's links, which stay the one source of their texts.
 */
function menu(doc: Document, header: HTMLElement) {
  const burger = header.querySelector<HTMLButtonElement>('button[aria-label="Open menu"]');
  const mainNav = header.querySelector('nav[aria-label="Main"]');
  const signIn = header.querySelector('a[href="/login"]');
  const register = header.querySelector('a[href="/register"]');
  if (!burger || !mainNav || !signIn || !register) return;

  const style = doc.createElement('style');
  style.textContent = MENU_CSS;
  doc.head.append(style);

  const dialog = doc.createElement('dialog');
  dialog.id = 'landing-menu';
  dialog.className = 'cantica-menu';
  dialog.setAttribute('aria-labelledby', 'landing-menu-title');
  dialog.innerHTML =
    '<div class="cantica-menu-body"><div class="cantica-menu-head"><h2 id="landing-menu-title">Menu</h2>' +
    `<button type="button" class="cantica-menu-close mantine-focus-auto" aria-label="Close menu">${CLOSE}</button></div>` +
    '<nav aria-label="Mobile"></nav></div>';
  const nav = dialog.querySelector('nav')!;
  const close = dialog.querySelector('button')!;
  nav.append(...[...mainNav.querySelectorAll('a'), signIn, register].map((a) => a.cloneNode(true)));
  doc.body.append(dialog);
  burger.setAttribute('aria-controls', dialog.id);

  const isOpen = () => dialog.hasAttribute('open');
  const setBurger = (opened: boolean) => {
    burger.setAttribute('aria-expanded', String(opened));
    burger.setAttribute('aria-label', opened ? 'Close menu' : 'Open menu');
    burger.firstElementChild?.toggleAttribute('data-opened', opened);
  };
  const afterClose = () => {
    setBurger(false);
    burger.focus();
  };
  const openMenu = () => {
    if (isOpen()) return;
    // showModal makes the rest of the page inert and gives a backdrop; without it (old
    // browsers, jsdom) the dialog simply shows.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    setBurger(true);
    close.focus();
  };
  const closeMenu = () => {
    if (!isOpen()) return;
    if (typeof dialog.close === 'function') dialog.close(); // fires 'close', below
    else {
      dialog.removeAttribute('open');
      afterClose();
    }
  };

  burger.addEventListener('click', () => (isOpen() ? closeMenu() : openMenu()));
  close.addEventListener('click', closeMenu);
  // A modal dialog closes itself on Escape, and fires 'close' however it closed.
  dialog.addEventListener('close', afterClose);
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    closeMenu();
  });
  dialog.addEventListener('click', (e) => {
    // The body fills the dialog: a click on the dialog itself is on its backdrop.
    // A link to a section of this page only scrolls it, so it closes the menu too.
    if (e.target === dialog || (e.target as Element).closest('a')) closeMenu();
  });
}

/** currentYear keeps the footer's copyright year current, though the page was built earlier. */
function currentYear(doc: Document) {
  const year = String(new Date().getFullYear());
  for (const p of doc.querySelectorAll('footer p')) {
    if (p.textContent?.startsWith('©')) p.textContent = p.textContent.replace(/\d{4}/, year);
  }
}
