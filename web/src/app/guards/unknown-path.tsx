import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@portal/contract/routes';
import { pushAlert } from '@/lib/alerts';

/**
 * An address that matches no route: home, as portal.md section 2 says, with a warning that the page
 * asked for does not exist (so the user knows why the page changed).
 */
export function UnknownPath() {
  const navigate = useNavigate();
  useEffect(() => {
    pushAlert('warning', 'alert.unknown_page', paths.home);
    void navigate(paths.home, { replace: true });
  }, [navigate]);
  return null;
}
