import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';

/**
 * Text recognition with tesseract.js (WebAssembly, in a worker thread). The English model comes
 * from the `@tesseract.js-data/eng` package and is read from node_modules: `langPath` points
 * there and the cache is off, so nothing is ever fetched or written. One worker per process,
 * started on first use and reused: starting one costs about a second.
 */
const require = createRequire(import.meta.url);
const LANG_PATH = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

let worker: Promise<Worker> | null = null;

function ocrWorker(): Promise<Worker> {
  if (!worker) {
    worker = createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      cacheMethod: 'none',
      gzip: true,
    });
    worker.catch(() => (worker = null));
  }
  return worker;
}

export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The words of each line the engine is confident about, in reading order. */
export async function readLines(image: Buffer, minConfidence = 60): Promise<OcrWord[][]> {
  const { data } = await (await ocrWorker()).recognize(image, {}, { blocks: true, text: false });
  const lines: OcrWord[][] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((w) => w.confidence >= minConfidence && w.text.trim() !== '')
          .map((w) => ({ text: w.text.trim(), ...w.bbox }));
        if (words.length > 0) lines.push(words);
      }
    }
  }
  return lines;
}

/** Ends the worker thread (server shutdown, the end of a test file). */
export async function stopOcr(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await (await running).terminate();
}
