/** react-bootstrap's tooltip (popper.js): its own chunk, loaded by the first action button with a tooltip (row-actions.tsx). */
import type { ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

export default function TooltipOverlay({
  id,
  text,
  children,
}: {
  id: string;
  text: string;
  children: ReactElement;
}) {
  return (
    <OverlayTrigger placement="top" overlay={<Tooltip id={id}>{text}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}
