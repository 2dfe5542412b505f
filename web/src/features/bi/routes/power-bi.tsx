import { PowerBiWorkspace } from '../components/power-bi-workspace';

/** /api/powerbi: the general business-intelligence workspace (ROLE_POWER_BI). */
export function Component() {
  return <PowerBiWorkspace service="POWER_BI" titleKey="screens.power_bi" />;
}
