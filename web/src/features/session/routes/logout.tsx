import { useEffect, useRef } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';
import { logout } from '@/lib/auth/logout';

/**
 * /deconnexion: clears the storage, resets the user and goes to the single sign-on logout. Once:
 * React's development double effect would log out again with the realm already cleared, and that
 * second address (realm empty) would win.
 */
export function Component() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    logout();
  }, []);
  return <LoadingScreen />;
}
