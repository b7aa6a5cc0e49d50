/** Saves a file the workbench made (certificate, HAR, snapshot) through the browser: a Blob link. */
import { base64ToBytes } from './base64';

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(fileName: string, text: string, mimeType = 'application/json'): void {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

export function downloadBase64(fileName: string, base64: string, mimeType: string): void {
  const bytes = base64ToBytes(base64);
  downloadBlob(fileName, new Blob([bytes.buffer as ArrayBuffer], { type: mimeType }));
}

/** The contents of a file the user chose or dropped. */
export async function readFileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
