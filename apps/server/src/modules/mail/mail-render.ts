import { render } from '@react-email/render';
import { createElement } from 'react';
import { MailLayout, type MailContent } from './mail-layout';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The links a person would follow (logged when mail goes to files: a newcomer resets a password from the log). */
  links: string[];
}

/** The mail's HTML and its plain-text part, from the same content. */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const element = createElement(MailLayout, { content });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text, links: content.button ? [content.button.url] : [] };
}
