import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionRefresh } from '../features/session/api/use-session-refresh.ts';
import { useLoginPrompt } from '../lib/login-prompt.ts';
import { resumeOrderAfterSignIn, useOrderPrompt } from '../lib/order-prompt.ts';
import { forgetSessionEnding, useSession } from '../lib/session.ts';
import { onSessionExpired } from '../lib/session-expiry.ts';
import { PageOutlet } from './layouts/page-outlet.tsx';
import { TestPaymentsNotice } from './layouts/test-payments-notice.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';

// The login form (country picker, phone and code steps) is only needed once someone asks to sign in,
// so it stays out of the first bundle.
const LoginModal = lazy(async () => ({
  default: (await import('../features/session/components/login-modal.tsx')).LoginModal,
}));

// The order form (Make Puja) likewise loads when a patron first asks for it.
const MakePujaModal = lazy(async () => ({
  default: (await import('../features/orders/components/make-puja-modal.tsx')).MakePujaModal,
}));

/**
 * Around every page: the login and Make Puja modals any page may open, the session's check with the server, the move to
 * login when the session expires (docs/product.md#sessions), scroll restoration between pages, and the banner of a site
 * whose payments are tests.
 */
export function RootLayout() {
  const { opened } = useLoginPrompt();
  // Once loaded the modal stays mounted, so closing it can play its transition.
  const [loginModalWanted, setLoginModalWanted] = useState(false);
  if (opened && !loginModalWanted) setLoginModalWanted(true);
  const orderPrompt = useOrderPrompt();
  const [orderModalWanted, setOrderModalWanted] = useState(false);
  if (orderPrompt.opened && !orderModalWanted) setOrderModalWanted(true);

  useSessionRefresh();
  useLoginOnSessionExpiry();
  useOrderAfterSignIn();
  useMarkInteractive();
  useScrollRestoration();

  return (
    <>
      <PageOutlet />
      <TestPaymentsNotice />
      {loginModalWanted && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
      {orderModalWanted && (
        <Suspense fallback={null}>
          <MakePujaModal />
        </Suspense>
      )}
    </>
  );
}

/**
 * The Make Puja form a visitor asked for before signing in opens again once they are back on its page as a
 * patron; a new patron gives their name in that form (docs/decisions/029).
 */
function useOrderAfterSignIn(): void {
  const location = useLocation();
  const { role } = useSession();
  const path = `${location.pathname}${location.search}`;
  const ready = role === 'user';
  useEffect(() => {
    if (ready) resumeOrderAfterSignIn(path);
  }, [ready, path]);
}

/** A 401 anywhere: to login, remembering the page (the api-client has already cleared the session). */
function useLoginOnSessionExpiry(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const currentPath = useRef('');
  currentPath.current = `${location.pathname}${location.search}`;

  useEffect(
    () =>
      onSessionExpired(() => {
        if (location.pathname === '/auth') return;
        void navigate(`/auth?redirect=${encodeURIComponent(currentPath.current)}`, { replace: true });
      }),
    [navigate, location.pathname],
  );

  // Once on another page, how the last session ended no longer explains anything (see RequireAuth).
  useEffect(() => {
    if (location.key) forgetSessionEnding();
  }, [location.key]);
}

/**
 * Marks the document once the app runs (`<html data-app-ready>`): a server-rendered page shows its buttons
 * before its script has hydrated them, and a click then does nothing. Tests, and anything else driving the
 * page, wait for the mark before they act.
 */
function useMarkInteractive(): void {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
    // The shell's skeleton (index.html), hidden by CSS once the app has drawn: gone for good, so nothing
    // still says "loading" to whatever reads the whole document.
    document.getElementById('shell-skeleton')?.remove();
  }, []);
}
