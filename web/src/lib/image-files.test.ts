import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setupI18n } from '@/test/render';
import { IMAGE_ACCEPT, imageFileMessage, imageFileProblem } from './image-files';

beforeAll(setupI18n);

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('imageFileProblem', () => {
  it.each([
    ['photo.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['anim.gif', 'image/gif'],
    ['icone.ico', 'image/x-icon'],
    ['icone.ico', 'image/vnd.microsoft.icon'],
    ['plan.svg', 'image/svg+xml'],
    ['scan.tiff', 'image/tiff'],
    ['vue.webp', 'image/webp'],
  ])('accepts %s (%s), a type of portal.md section 5', (name, type) => {
    expect(imageFileProblem(file(name, type), 1024)).toBeNull();
    expect(IMAGE_ACCEPT.split(',')).toContain(type);
  });

  it('refuses another type and a file over the limit, naming the file and the reason in French', () => {
    const text = imageFileProblem(file('notes.txt', 'text/plain'), 1024);
    expect(text).toMatchObject({ name: 'notes.txt', reason: 'type' });
    expect(imageFileMessage(i18n.t, text!)).toBe(
      "« notes.txt » n'est pas une image acceptée (text/plain) : choisissez une image PNG, JPEG, GIF, ICO, SVG, TIFF ou WebP. Rien n'a été envoyé.",
    );
    const unknown = imageFileProblem(file('sans-type', ''), 1024);
    expect(imageFileMessage(i18n.t, unknown!)).toContain('(type inconnu)');
    const big = imageFileProblem(file('grande.png', 'image/png', 6 * 1024 * 1024), 5 * 1024 * 1024);
    expect(imageFileMessage(i18n.t, big!)).toBe(
      "« grande.png » dépasse 5 Mo : choisissez un fichier plus léger. Rien n'a été envoyé.",
    );
    const favicon = imageFileProblem(file('icone.png', 'image/png', 70 * 1024), 64 * 1024);
    expect(imageFileMessage(i18n.t, favicon!)).toContain('dépasse 64 Ko');
  });
});
