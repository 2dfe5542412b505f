import type { Contract, Widget } from '@portal/contract';

export interface WidgetProps {
  widget: Widget;
  contractId: number;
  contract: Contract | null;
}
