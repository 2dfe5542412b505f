/**
 * react-bootstrap's tooltip (popper.js): its own chunk, loaded on the first hover or focus of an
 * action button with a tooltip (row-actions.tsx), which says when it shows.
 */
import type { RefObject } from 'react';
import Overlay from 'react-bootstrap/Overlay';
import Tooltip from 'react-bootstrap/Tooltip';

export default function TooltipOverlay({
  id,
  text,
  target,
  show,
}: {
  id: string;
  text: string;
  /** the element it points at */
  target: RefObject<HTMLElement | null>;
  show: boolean;
}) {
  return (
    <Overlay target={target} show={show} placement="top">
      {(props) => (
        <Tooltip id={id} {...props}>
          {text}
        </Tooltip>
      )}
    </Overlay>
  );
}
