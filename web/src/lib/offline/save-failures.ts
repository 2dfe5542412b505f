/**
 * The failures of keeping a report that are the device's, not the server's (lib/offline/send-or-keep.ts
 * throws them). Apart from the sending code, so that the form can tell them without loading it
 * before the first press of its button.
 */
import { PHOTO_MAX_BYTES } from '@portal/contract/constants';

/** A photo still over the upload's limit once compressed (an image the browser cannot read). */
export class PhotoTooLarge extends Error {
  constructor(readonly fileName: string) {
    super(`${fileName} is over ${PHOTO_MAX_BYTES} bytes`);
    this.name = 'PhotoTooLarge';
  }
}

/** The report being corrected is no longer on the device: the queue has sent it. */
export class ReportGone extends Error {
  constructor() {
    super('the report was sent meanwhile');
    this.name = 'ReportGone';
  }
}

/** The device cannot keep the report (no IndexedDB, storage full or refused). */
export class StorageUnavailable extends Error {
  constructor(
    readonly full: boolean,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'StorageUnavailable';
  }
}
