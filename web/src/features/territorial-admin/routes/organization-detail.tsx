import { useParams } from 'react-router-dom';
import { OrganizationDetailView } from '../organizations/organization-detail-view';

/** .../organisation-territoriale/:organizationId: a community organization (users, areas, services). */
export function Component() {
  return <OrganizationDetailView organizationId={Number(useParams().organizationId)} kind="organization" />;
}
