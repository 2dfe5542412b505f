/**
 * An image of the contract's appearance (the favicon, a logo) chosen as a file: checked against the
 * accepted image types and a size before anything is sent, previewed, removable. The value is the
 * image as a data URL, or the address the backend gave, or null.
 */
import { useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';
import { assetUrl } from '@/lib/theme';

/** Whether a failure's field errors land on one of the form's fields (then they say it there). */
export const onFields = (error: unknown, fields: readonly string[]) =>
  error instanceof ApiError && error.fieldErrors.some((e) => fields.includes(e.path.split('.')[0] ?? ''));

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

export interface ImageFileTexts {
  label: string;
  help: string;
  preview: string;
  none: string;
  remove: string;
}

export function ImageFileField({
  value,
  onChange,
  serverError,
  maxBytes,
  texts,
  previewSize,
  testId,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  serverError: string | undefined;
  maxBytes: number;
  texts: ImageFileTexts;
  /** the preview's box: width and height in pixels */
  previewSize: { width?: number; height: number };
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? serverError ?? null;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, maxBytes);
    if (problem) {
      setError(imageFileMessage(t, problem));
      return;
    }
    setError(null);
    onChange(await readAsDataUrl(file));
  };
  const preview = assetUrl(value);
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {texts.label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className={`form-control${shown ? ' is-invalid' : ''}`}
        accept={IMAGE_ACCEPT}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-help${shown ? ` ${id}-error` : ''}`}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div id={`${id}-help`} className="form-text">
        {texts.help}
      </div>
      {shown ? (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {shown}
        </div>
      ) : null}
      <div className="d-flex align-items-center gap-3 mt-2">
        {preview ? (
          <img
            src={preview}
            alt={texts.preview}
            {...previewSize}
            className="border rounded"
            style={{ objectFit: 'contain' }}
            data-testid={testId}
          />
        ) : (
          <span className="text-body-secondary small">{texts.none}</span>
        )}
        {value ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              onChange(null);
              // the same file may be chosen again
              if (input.current) input.current.value = '';
            }}
          >
            {texts.remove}
          </button>
        ) : null}
      </div>
    </div>
  );
}
