#!/usr/bin/env node
// Writes the installed portal's icons (web/public/icons/icon-192.png, icon-512.png, and a maskable
// 512 one): the favicon's drawing (a white P on the portal's blue, #0b5394) as plain PNGs made with
// node:zlib, without any image library. Run again after changing the drawing:
//   node web/scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BLUE = [0x0b, 0x53, 0x94];
const WHITE = [0xff, 0xff, 0xff];

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Whether a point of the 32×32 favicon grid is in the P: a stem and a bowl (favicon.svg's path). */
function inLetter(x, y) {
  const stem = x >= 9 && x < 13 && y >= 9 && y < 23;
  const bar = x >= 9 && x < 17 && ((y >= 9 && y < 12.5) || (y >= 15.5 && y < 19));
  const dx = x - 17;
  const dy = y - 14;
  const ring = dx >= 0 && dx * dx + dy * dy <= 25 && dx * dx + dy * dy >= 5;
  return stem || bar || ring;
}

/** A size × size RGB PNG; `padding`: the share of each side left blue (a maskable icon's safe zone). */
function icon(size, padding = 0) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const inner = size * (1 - 2 * padding);
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      const x = ((px - size * padding) / inner) * 32;
      const y = ((py - size * padding) / inner) * 32;
      row.set(inLetter(x, y) ? WHITE : BLUE, 1 + px * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const folder = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(folder, { recursive: true });
writeFileSync(`${folder}icon-192.png`, icon(192));
writeFileSync(`${folder}icon-512.png`, icon(512));
writeFileSync(`${folder}icon-maskable-512.png`, icon(512, 0.1));
console.log(`icons written to ${folder}`);
