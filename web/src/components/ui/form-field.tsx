import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** What a FormField hands its control: spread it on a react-bootstrap Form.Control or Form.Select. */
export interface FieldControlProps {
  isInvalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One labelled form field: the group (its id becomes the control's id), the label, the control, the
 * error feedback (`<id>-error`) and an optional help text (`<id>-help`).
 * One rule for every form: aria-invalid only while there is an error; aria-describedby names the
 * help text and the error when they are shown (and any ids given in describedBy).
 *
 * ```tsx
 * <FormField id="work-title" label={t('works.field.title')} error={message(errors.title?.message)} className="mb-3">
 *   {(control) => <Form.Control {...form.register('title')} {...control} />}
 * </FormField>
 * ```
 */
export function FormField({
  id,
  label,
  error,
  help,
  describedBy,
  announce = false,
  className,
  children,
}: {
  /** The control's id (the group's controlId). */
  id: string;
  label: ReactNode;
  /** The error message, already translated; empty or absent when the value is valid. */
  error?: string | null;
  help?: ReactNode;
  /** Ids of descriptions placed elsewhere on the page, read before the help and the error. */
  describedBy?: string;
  /** The error is also announced as it appears (role="alert"), for errors a user may cause away from the field. */
  announce?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const invalid = !!error;
  const hasHelp = help !== undefined && help !== null && help !== false && help !== '';
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const described = [describedBy, hasHelp ? helpId : null, invalid ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children({
        isInvalid: invalid,
        'aria-invalid': invalid ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      <Form.Control.Feedback type="invalid" id={errorId} role={announce ? 'alert' : undefined}>
        {invalid ? error : null}
      </Form.Control.Feedback>
      {hasHelp ? <Form.Text id={helpId}>{help}</Form.Text> : null}
    </Form.Group>
  );
}

/** A select's options: one per item, valued by its id and named by its label, after an optional empty choice. */
export function SelectOptions({
  items,
  empty,
}: {
  items: readonly { id: number | string; label: string }[] | undefined;
  empty?: string;
}) {
  return (
    <>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.label}
        </option>
      ))}
    </>
  );
}
