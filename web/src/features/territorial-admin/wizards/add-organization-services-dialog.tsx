import Modal from 'react-bootstrap/Modal';

export interface AddOrganizationServicesDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

/** Placeholder until the wizard lands (issue 6). */
export function AddOrganizationServicesDialog({ show, onHide }: AddOrganizationServicesDialogProps) {
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Body />
    </Modal>
  );
}

export default AddOrganizationServicesDialog;
