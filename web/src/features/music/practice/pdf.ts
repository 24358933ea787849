// pdf.js, loaded only when a score is opened: it and its worker are
// hundreds of kilobytes the rest of the studio does not need.

/** The little of pdf.js the score viewer uses. */
export interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
  destroy(): Promise<void>;
}
export interface PdfPage {
  getViewport(options: { scale: number }): { width: number; height: number };
  render(options: { canvas: HTMLCanvasElement; viewport: { width: number; height: number }; transform?: number[] }): {
    promise: Promise<void>;
    cancel(): void;
  };
}

/** openPdf loads the document at url (same-origin, with the session's cookie). */
export async function openPdf(url: string): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const task = pdfjs.getDocument({ url, withCredentials: true });
  const doc = await task.promise;
  // The document has no destroy of its own; its loading task ends it and its worker.
  return {
    numPages: doc.numPages,
    getPage: (n) => doc.getPage(n) as unknown as Promise<PdfPage>,
    destroy: () => task.destroy(),
  };
}
