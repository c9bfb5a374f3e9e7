/**
 * Hands a text to the browser's downloads as a file: a Blob behind an object URL, clicked through a
 * hidden `<a download>`. The address is let go of after this task, once the click has handed the file
 * over (revoking it in the same task cancels the download in some browsers).
 */
export function downloadText(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
