import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { translatorFor } from '../../i18n/translator';
import { registerMailAttachment } from '../mail/mail-attachments';
import { ORDER_RECEIPT_ATTACHMENT } from '../mail/order-mail-listeners';
import { receiptPdf } from './documents-service';

/**
 * The files documents gives the mail module to attach (decision 061): the buyer's receipt PDF on the
 * receipt mail, rendered at send time in the mail's language by the function the receipt route uses.
 * An order that is gone throws: the worker sends the mail without it and logs why.
 */
export function registerDocumentMailAttachments(): void {
  registerMailAttachment(ORDER_RECEIPT_ATTACHMENT, async (app, orderId, language) => {
    const [order] = await app.db.select({ buyerUserId: orders.buyerUserId }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`Order ${orderId} not found for its receipt`);
    const { fileName, pdf } = await receiptPdf(app, order.buyerUserId, orderId, translatorFor(language));
    return { fileName, contentType: 'application/pdf', content: pdf };
  });
}
