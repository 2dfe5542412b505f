/** react-bootstrap's tooltip (popper.js): its own chunk, loaded on the first hover or focus of an action button with a tooltip (row-actions.tsx). */
import type { ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

export default function TooltipOverlay({
  id,
  text,
  shown = false,
  children,
}: {
  id: string;
  text: string;
  /** open from the start: the hover or focus that loaded it is under way */
  shown?: boolean;
  children: ReactElement;
}) {
  return (
    <OverlayTrigger placement="top" defaultShow={shown} overlay={<Tooltip id={id}>{text}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}
