import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /api/powerbi: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.power_bi" />;
}
