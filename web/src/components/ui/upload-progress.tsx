/**
 * An upload's progress (the signal photos, the industrial-site photos, the favicon): a native
 * progress bar, named after the file, fed by axios's upload progress through the api client.
 * A native <progress> is announced as a progress bar without Bootstrap's progress rules (a
 * string with the word "progress" would bring them: web/tools/bootstrap-parts.ts).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { UploadProgress as Progress } from '@/lib/api-client';

export interface UploadState {
  name: string;
  /** 0 to 100; null while the total is unknown */
  percent: number | null;
}

/** The state of the upload under way (null when none), and the callback the api client calls. */
export function useUploadProgress() {
  const [upload, setUpload] = useState<UploadState | null>(null);
  /** the progress callback of one file's upload */
  const track = useCallback(
    (name: string) => {
      setUpload({ name, percent: 0 });
      return (progress: Progress) =>
        setUpload({
          name,
          percent: progress.progress === undefined ? null : Math.round(progress.progress * 100),
        });
    },
    [setUpload],
  );
  const done = useCallback(() => setUpload(null), [setUpload]);
  return { upload, track, done };
}

export function UploadProgress({ upload }: { upload: UploadState | null }) {
  const { t } = useTranslation();
  if (!upload) return null;
  const label = t('upload.sending', { name: upload.name });
  return (
    <div className="upload-progress my-2">
      <label className="form-label small mb-1 d-block">
        {label}
        {upload.percent === null ? '' : ` ${t('upload.percent', { percent: upload.percent })}`}
        <progress
          className="d-block w-100"
          aria-label={label}
          max={100}
          {...(upload.percent === null ? {} : { value: upload.percent })}
        />
      </label>
    </div>
  );
}
