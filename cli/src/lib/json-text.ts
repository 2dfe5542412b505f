/** JSON files as editors write them: a byte-order mark before the text is not part of the JSON. */
export function parseJsonText(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
}
