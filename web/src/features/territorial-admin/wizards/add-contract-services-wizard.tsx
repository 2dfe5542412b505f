import Modal from 'react-bootstrap/Modal';

export interface AddContractServicesWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
  editContractServiceId?: number;
}

/** Placeholder until the wizard lands (issue 6). */
export function AddContractServicesWizard({ show, onHide }: AddContractServicesWizardProps) {
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Body />
    </Modal>
  );
}

export default AddContractServicesWizard;
