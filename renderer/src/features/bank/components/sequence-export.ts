/** The sequence diagram (SequenceDiagram.tsx) as a file: SVG text or a PNG, with a dated name. */

export function exportName(extension: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return `sequence-${stamp}Z.${extension}`;
}

/** The diagram's SVG as a standalone file's text, without the keyboard's focus ring. */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  for (const element of copy.querySelectorAll('[class]')) element.removeAttribute('class');
  // The keyboard's focus is the presenter's cursor, not part of the flow a file shows.
  for (const ring of copy.querySelectorAll('[data-focus-ring]')) ring.remove();
  for (const step of copy.querySelectorAll('[data-focused]')) step.removeAttribute('data-focused');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${copy.outerHTML}`;
}

/**
 * The diagram as a PNG at twice its size. The SVG is loaded as a `data:` image: the page's
 * Content-Security-Policy allows `img-src 'self' data:` (SECURITY.md), in the web host and the
 * Electron window alike, and not `blob:`.
 */
export function svgToPng(text: string, width: number, height: number): Promise<Blob> {
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * 2;
      canvas.height = height * 2;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('This browser cannot draw on a canvas.'));
      context.scale(2, 2);
      context.drawImage(image, 0, 0, width, height);
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas made no PNG.'))),
        'image/png',
      );
    };
    image.onerror = () => reject(new Error('The diagram could not be drawn as an image.'));
    image.src = url;
  });
}
