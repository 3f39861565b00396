import { createRequire } from 'node:module';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { formatMoney } from '@pulse/contract/money';
import type { TProductUnit } from '@pulse/contract/products';
import PDFDocument from 'pdfkit';
import { formatQuantity } from '../baskets/baskets-service';
import type { ReceiptOrderRow } from './documents-repository';
import { STATEMENT_LINE_LABELS, type StatementFigures } from './statement-figures';

/**
 * DejaVu Sans (Bitstream Vera licence), from the npm package dejavu-fonts-ttf rather than files of
 * our own: pdfkit's built-in Helvetica has no cedi sign (GH₵) nor the narrow no-break space French
 * puts in numbers. pdfkit embeds only the glyphs a document uses, so a receipt stays a few kilobytes.
 */
const fontPackage = createRequire(import.meta.url);
const FONT_REGULAR = fontPackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = fontPackage.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface Issuer {
  /** The platform's name (APP_NAME) and where it is found (PUBLIC_URL; no postal address is configured). */
  name: string;
  address: string;
}

const MARGIN = 50;

function newDocument(title: string, i18n: I18n): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title }, lang: i18n.locale });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular').fontSize(10);
  return doc;
}

/** The document as one Buffer (a receipt or a statement is a page or two). */
function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function header(doc: PDFKit.PDFDocument, issuer: Issuer, title: string, farm: { name: string; address: string }): void {
  doc.font('bold').fontSize(16).text(issuer.name);
  doc.font('regular').fontSize(9).fillColor('#555555').text(issuer.address);
  doc.moveDown(1.2);
  doc.fillColor('#000000').font('bold').fontSize(14).text(title);
  doc.moveDown(0.4);
  doc.font('bold').fontSize(10).text(farm.name);
  if (farm.address) doc.font('regular').text(farm.address);
  doc.moveDown(0.8);
}

/** Label left, value right, on one line. */
function row(doc: PDFKit.PDFDocument, label: string, value: string, options: { bold?: boolean } = {}): void {
  const width = doc.page.width - 2 * MARGIN;
  const y = doc.y;
  doc.font(options.bold ? 'bold' : 'regular').fontSize(10);
  doc.text(label, MARGIN, y, { width: width * 0.65 });
  const afterLabel = doc.y;
  doc.text(value, MARGIN + width * 0.65, y, { width: width * 0.35, align: 'right' });
  doc.y = Math.max(afterLabel, doc.y) + 2;
  doc.x = MARGIN;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc.moveTo(MARGIN, doc.y).lineTo(doc.page.width - MARGIN, doc.y).strokeColor('#999999').lineWidth(0.5).stroke();
  doc.moveDown(0.4);
}

function longDate(i18n: I18n, at: Date): string {
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** The buyer's receipt of one order, in the buyer's language and the order's currency. */
export function renderReceipt(i18n: I18n, issuer: Issuer, order: ReceiptOrderRow, number: string): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const title = i18n._(msg`Receipt ${{ number }}`);
  const doc = newDocument(title, i18n);
  header(doc, issuer, title, { name: order.shopName, address: order.farmRegion });
  row(doc, i18n._(msg`Receipt number`), number);
  row(doc, i18n._(msg`Date`), longDate(i18n, order.paidAt ?? order.createdAt));
  row(doc, i18n._(msg`Customer`), order.buyerName);
  doc.moveDown(0.6);
  rule(doc);
  for (const item of order.items) {
    const quantity = formatQuantity(item.quantity, item.unit as TProductUnit);
    row(doc, `${item.title} — ${quantity} × ${money(item.unitPriceMinor)}`, money(item.lineTotalMinor));
  }
  rule(doc);
  row(doc, i18n._(msg`Subtotal`), money(order.subtotalMinor));
  row(doc, i18n._(msg`Delivery fee`), money(order.deliveryFeeMinor));
  row(doc, i18n._(msg`Total`), money(order.totalMinor), { bold: true });
  if (order.refundedMinor > 0) row(doc, i18n._(msg`Refunded`), money(-order.refundedMinor));
  doc.moveDown(0.8);
  doc.font('regular').text(order.paidAt ? i18n._(msg`Paid from the ${{ platform: issuer.name }} wallet on ${{ date: longDate(i18n, order.paidAt) }}.`) : i18n._(msg`Not paid yet.`));
  return finish(doc);
}

export interface StatementDocument {
  number: string;
  month: Date;
  currency: string;
  farm: { name: string; address: string };
  figures: StatementFigures;
  issuedAt: Date;
}

/** The seller's monthly statement: opening balance, the month's lines, closing balance. */
export function renderStatement(i18n: I18n, issuer: Issuer, statement: StatementDocument): Promise<Buffer> {
  const money = (minor: number) => formatMoney(minor, statement.currency, i18n.locale);
  const monthName = new Intl.DateTimeFormat(i18n.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(statement.month);
  const title = i18n._(msg`Statement for ${{ month: monthName }}`);
  const doc = newDocument(title, i18n);
  header(doc, issuer, title, statement.farm);
  row(doc, i18n._(msg`Statement number`), statement.number);
  row(doc, i18n._(msg`Issued on`), longDate(i18n, statement.issuedAt));
  doc.moveDown(0.6);
  rule(doc);
  row(doc, i18n._(msg`Opening balance`), money(statement.figures.openingMinor), { bold: true });
  for (const line of statement.figures.lines) row(doc, i18n._(STATEMENT_LINE_LABELS[line.id]), money(line.amountMinor));
  row(doc, i18n._(msg`Closing balance`), money(statement.figures.closingMinor), { bold: true });
  rule(doc);
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text(i18n._(msg`Balances are your available wallet balance, from the ledger. Sales are before commission; times are UTC.`));
  return finish(doc);
}
