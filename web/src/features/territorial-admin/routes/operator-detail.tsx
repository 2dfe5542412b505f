import { useParams } from 'react-router-dom';
import { OrganizationDetailView } from '../organizations/organization-detail-view';

/** .../exploitant/:operatorId: an operator (users, areas, services). */
export function Component() {
  return <OrganizationDetailView organizationId={Number(useParams().operatorId)} kind="operator" />;
}
