/** Saves `blob` as a file named `name`, the way a link with `download` does. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has the file once the click is handled; free the memory a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies `text` to the clipboard; false when the browser refuses (no permission, no focus, sandboxed frame). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
