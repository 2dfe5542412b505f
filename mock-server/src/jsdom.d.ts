/**
 * The one piece of jsdom the SVG sanitiser uses (routes/svg.ts). jsdom's own type package would
 * bring the browser's globals (lib "dom") into the whole mock's compilation, where fetch bodies
 * and Buffers then no longer type-check as Node's.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: object;
  }
}
