import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /signalement/signaler: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.signal_create" />;
}
