import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /demande/nouvelle-demande: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.request_choose_type" />;
}
