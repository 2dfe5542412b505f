import Modal from 'react-bootstrap/Modal';

export interface AddAreaDialogProps {
  show: boolean;
  onHide: () => void;
  contractId: number;
  organizationId?: number;
  onDone?: () => void;
}

/** Placeholder until the wizard lands (issue 6). */
export function AddAreaDialog({ show, onHide }: AddAreaDialogProps) {
  return (
    <Modal show={show} onHide={onHide}>
      <Modal.Body />
    </Modal>
  );
}

export default AddAreaDialog;
