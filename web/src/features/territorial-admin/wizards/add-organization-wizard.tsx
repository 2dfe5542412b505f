import Modal from 'react-bootstrap/Modal';

export interface AddOrganizationWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  type: 'Community' | 'Operator';
}

/** Placeholder until the wizard lands (issue 6). */
export function AddOrganizationWizard({ show, onHide }: AddOrganizationWizardProps) {
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Body />
    </Modal>
  );
}

export default AddOrganizationWizard;
