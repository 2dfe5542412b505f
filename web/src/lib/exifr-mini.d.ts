// exifr's mini build (JPEG and TIFF; EXIF, GPS) under the types of the full package.
declare module 'exifr/dist/mini.esm.mjs' {
  export { parse } from 'exifr';
}
