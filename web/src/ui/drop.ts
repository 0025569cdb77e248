// A file dropped anywhere on the page, captured before the editors see it (Monaco
// would otherwise insert a dropped file's text into the document under the pointer).

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** Calls `onFile` with the first file of each drop, while `enabled()` says so. */
export function onFileDrop(onFile: (file: File) => void, enabled: () => boolean): void {
  window.addEventListener(
    'dragover',
    (event) => {
      if (!enabled() || !carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    },
    { capture: true },
  );
  window.addEventListener(
    'drop',
    (event) => {
      if (!enabled() || !carriesFiles(event)) return;
      event.preventDefault();
      event.stopPropagation();
      const file = event.dataTransfer?.files[0];
      if (file) onFile(file);
    },
    { capture: true },
  );
}
