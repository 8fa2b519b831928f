import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useLoginPrompt } from '../lib/login-prompt.ts';

// The login form (country picker, phone and code steps) is only needed once someone asks to sign in,
// so it stays out of the first bundle.
const LoginModal = lazy(async () => ({
  default: (await import('../features/auth/components/login-modal.tsx')).LoginModal,
}));

/** Around every page: the login modal any page may open, and scroll restoration between pages. */
export function RootLayout() {
  const { opened } = useLoginPrompt();
  // Once loaded the modal stays mounted, so closing it can play its transition.
  const [loginModalWanted, setLoginModalWanted] = useState(false);
  if (opened && !loginModalWanted) setLoginModalWanted(true);

  return (
    <>
      <Outlet />
      {loginModalWanted && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
