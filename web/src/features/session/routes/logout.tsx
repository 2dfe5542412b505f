import { useEffect } from 'react';
import { LoadingScreen } from '@/components/ui/spinner';
import { logout } from '@/lib/auth/logout';

/** /deconnexion: clears the storage, resets the user and goes to the single sign-on logout. */
export function Component() {
  useEffect(() => logout(), []);
  return <LoadingScreen />;
}
