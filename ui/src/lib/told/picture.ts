/**
 * The evening's picture, to share: the summary drawn as one SVG (its title,
 * its span, then each game's card: its heading, its lines of text, its
 * charts' own SVG copied as they are), rasterised on a canvas into a PNG.
 * Text and SVG only, no foreignObject: WebKit then leaves the canvas clean
 * (a foreignObject taints it and `toBlob` refuses).
 */

const INK = '#2a2119';
const SOFT = '#5a4a3a';
const PAPER = '#fbf6e9';
const RULE = '#c9b68d';

/** What goes into the picture. */
export interface PictureText {
  title: string;
  span: string;
}

/** One card of the summary, as the picture draws it. */
interface Block {
  heading: string;
  /** Its lines in order: a sentence, or a table's row (its cells, drawn in columns). */
  lines: (string | string[])[];
  charts: SVGSVGElement[];
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A card's text, block by block: what a reader sees (not the twin tables read aloud, nor buttons). */
function blockOf(card: HTMLElement): Block {
  const heading = card.querySelector('h2, h3, h4')?.textContent?.trim() ?? '';
  const lines: (string | string[])[] = [];
  const words = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  const charts: SVGSVGElement[] = [];
  const walk = (node: Element) => {
    // A chart's table twin is read aloud, not drawn: its chart is.
    if (node.matches('[data-testid="table-twin"], button, script, style, [aria-hidden="true"], .no-print')) return;
    if (node instanceof HTMLTableElement) {
      if (node.caption && words(node.caption)) lines.push(words(node.caption));
      for (const row of node.rows) lines.push([...row.cells].map(words));
      return;
    }
    if (node instanceof SVGSVGElement) {
      if (node.getAttribute('role') === 'img') charts.push(node);
      return;
    }
    if (node.matches('h2, h3, h4') && node.textContent?.trim() === heading) return;
    if (node.matches('p, li, dt, dd, h4, h5, figcaption')) {
      const text = words(node);
      if (text) lines.push(text);
      return;
    }
    for (const child of node.children) walk(child);
  };
  for (const child of card.children) walk(child);
  return { heading, lines, charts };
}

/** Text broken into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

/**
 * The summary `root` as an SVG document's text: its cards are the elements
 * marked `data-told-game`. `width` in pixels; the height follows.
 */
export function pictureSvg(root: HTMLElement, text: PictureText, width = 900): { svg: string; width: number; height: number } {
  const pad = 32;
  const parts: string[] = [];
  let y = pad + 28;
  parts.push(`<text x="${pad}" y="${y}" font-size="26" font-family="serif" fill="${INK}">${escape(text.title)}</text>`);
  y += 26;
  parts.push(`<text x="${pad}" y="${y}" font-size="15" fill="${SOFT}">${escape(text.span)}</text>`);
  y += 16;
  const chars = Math.floor((width - 2 * pad) / 8);
  for (const card of root.querySelectorAll<HTMLElement>('[data-told-game]')) {
    const block = blockOf(card);
    y += 18;
    parts.push(`<line x1="${pad}" x2="${width - pad}" y1="${y}" y2="${y}" stroke="${RULE}"/>`);
    y += 30;
    parts.push(`<text x="${pad}" y="${y}" font-size="20" font-family="serif" fill="${INK}">${escape(block.heading)}</text>`);
    for (const line of block.lines) {
      if (Array.isArray(line)) {
        // A table's row: its cells in even columns, each cut to its column.
        y += 21;
        const column = (width - 2 * pad) / Math.max(1, line.length);
        const fits = Math.max(4, Math.floor(column / 8) - 1);
        line.forEach((cell, i) => {
          const cut = cell.length > fits ? `${cell.slice(0, fits - 1)}…` : cell;
          parts.push(`<text x="${pad + i * column}" y="${y}" font-size="14" fill="${INK}">${escape(cut)}</text>`);
        });
        continue;
      }
      for (const part of wrap(line, chars)) {
        y += 21;
        parts.push(`<text x="${pad}" y="${y}" font-size="14" fill="${INK}">${escape(part)}</text>`);
      }
    }
    for (const chart of block.charts) {
      const box = chart.viewBox.baseVal;
      const w = width - 2 * pad;
      const h = box && box.width > 0 ? (w * box.height) / box.width : 240;
      const copy = chart.cloneNode(true) as SVGSVGElement;
      copy.setAttribute('x', String(pad));
      copy.setAttribute('y', String(y + 10));
      copy.setAttribute('width', String(w));
      copy.setAttribute('height', String(h));
      copy.setAttribute('color', INK);
      copy.removeAttribute('role');
      copy.removeAttribute('aria-details');
      parts.push(new XMLSerializer().serializeToString(copy));
      y += h + 14;
    }
  }
  const height = Math.ceil(y + pad);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">` +
    `<rect width="100%" height="100%" fill="${PAPER}"/>${parts.join('')}</svg>`;
  return { svg, width, height };
}

/** The SVG rasterised at `scale` on a canvas: a PNG's bytes. */
export async function rasterise(picture: { svg: string; width: number; height: number }, scale = 2): Promise<Uint8Array> {
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the picture could not be drawn'));
  });
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(picture.svg)}`;
  await loaded;
  const canvas = document.createElement('canvas');
  canvas.width = picture.width * scale;
  canvas.height = picture.height * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, picture.width, picture.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the canvas gave no picture');
  return new Uint8Array(await blob.arrayBuffer());
}
