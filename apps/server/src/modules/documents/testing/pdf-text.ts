import { PDFParse } from 'pdf-parse';

/** The text of a PDF, read back as a reader's tools would (the tests check the figures in it). */
export async function pdfText(body: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
