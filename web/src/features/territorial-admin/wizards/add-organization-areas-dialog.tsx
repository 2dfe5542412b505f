import Modal from 'react-bootstrap/Modal';

export interface AddOrganizationAreasDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

/** Placeholder until the wizard lands (issue 6). */
export function AddOrganizationAreasDialog({ show, onHide }: AddOrganizationAreasDialogProps) {
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Body />
    </Modal>
  );
}

export default AddOrganizationAreasDialog;
