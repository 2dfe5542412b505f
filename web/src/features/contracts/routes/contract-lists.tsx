import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** /admin/contrat, /admin/contrat/mes-contrats, /admin/contrat/a-finaliser: placeholder until its feature issue builds the screen (the route and its rights are real). */
export function Component() {
  return <PagePlaceholder titleKey="screens.contract_lists" />;
}
