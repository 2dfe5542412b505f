import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /gestion-territoriale: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.territorial_management" />;
}
