import { ErrorPage } from '../components/error-page';

export function Component() {
  return <ErrorPage kind="sso" />;
}
