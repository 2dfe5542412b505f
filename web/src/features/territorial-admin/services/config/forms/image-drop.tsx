/** An image drop zone: only the allowed image types, one file, read as a data URL with a preview. */
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from '@/lib/image-files';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function ImageDrop({
  label,
  value,
  onChange,
  maxFiles = 1,
}: {
  label: string;
  value: string;
  onChange: (dataUrl: string) => void;
  maxFiles?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const accept = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    if (files.length > maxFiles) {
      setError(t('service_config.image.too_many', { count: maxFiles }));
      return;
    }
    const file = files[0]!;
    // a logo travels inside the configuration: the accepted image types, no size of its own
    const problem = imageFileProblem(file, Number.POSITIVE_INFINITY);
    if (problem) {
      setError(imageFileMessage(t, problem));
      return;
    }
    setError(null);
    onChange(await readAsDataUrl(file));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void accept(event.dataTransfer.files);
  };

  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div
        className={`image-drop border border-2 rounded p-3 text-center ${over ? 'border-primary bg-light' : 'border-dashed'}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="small text-body-secondary mb-2">{t('service_config.image.drop_here')}</p>
        <input
          id={id}
          type="file"
          className="form-control"
          accept={IMAGE_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => void accept(event.target.files)}
        />
        {value ? (
          <div className="mt-2">
            <img
              src={value}
              alt={t('service_config.image.preview')}
              style={{ maxHeight: 80, maxWidth: '100%' }}
            />
            <button type="button" className="btn btn-link btn-sm" onClick={() => onChange('')}>
              {t('service_config.image.remove')}
            </button>
          </div>
        ) : null}
      </div>
      {error ? (
        <div id={`${id}-error`} role="alert" className="text-danger small mt-1">
          {error}
        </div>
      ) : null}
    </div>
  );
}
