import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /gestion-territoriale/site-industriel/creation: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.site_create" />;
}
