/** Saves a downloaded file (a Blob from `api.getBlob`) under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
