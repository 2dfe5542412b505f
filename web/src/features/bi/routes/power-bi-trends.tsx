import { PowerBiWorkspace } from '../components/power-bi-workspace';

/** /api/powerbi/trends: the trends workspace (ROLE_REPORT_TRENDS). */
export function Component() {
  return <PowerBiWorkspace service="REPORT_TRENDS" titleKey="screens.power_bi_trends" />;
}
