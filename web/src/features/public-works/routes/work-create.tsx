import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /travaux/nouveau: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.work_create" />;
}
