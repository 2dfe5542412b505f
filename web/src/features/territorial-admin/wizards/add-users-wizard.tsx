import Modal from 'react-bootstrap/Modal';

export interface AddUsersWizardProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

/** Placeholder until the wizard lands (issue 6). */
export function AddUsersWizard({ show, onHide }: AddUsersWizardProps) {
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Body />
    </Modal>
  );
}

export default AddUsersWizard;
