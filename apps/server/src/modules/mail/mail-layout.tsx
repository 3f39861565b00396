/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';

/** Green for everyone, orange for mail to farms (the web app's own two brand colours, shade 7). */
export const MAIL_BRANDS = {
  buyer: { accent: '#177a3b', tint: '#ecfbf0' },
  seller: { accent: '#b14e00', tint: '#fff3e5' },
} as const;
export type MailBrand = keyof typeof MAIL_BRANDS;

/** Everything a mail says, already translated into the recipient's language. */
export interface MailContent {
  /** `<html lang>`: the recipient's language. */
  language: string;
  appName: string;
  brand: MailBrand;
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  heading: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Paragraphs after the button (the link spelled out, what to do if it was not you). */
  after: string[];
  /** The last small line: why this mail was sent. */
  footer: string;
  /** What was bought (a receipt, a farm's new order), shown after the paragraphs. */
  items?: MailItems;
  /** Label and value lines (farm, pickup address, delivery window, confirmation code), after the items. */
  details?: MailDetail[];
  /** One-click unsubscribe, a small link under the footer (filled by the outbox for mail that is not a receipt or security mail). */
  unsubscribe?: { label: string; url: string };
}

/** One bought line: the product, "4 kg x GH₵2.50", the line's amount. */
export interface MailItemLine {
  name: string;
  detail: string;
  amount: string;
}

/** The items table: its lines, then the sums (subtotal, fees, total: the last one in bold). */
export interface MailItems {
  lines: MailItemLine[];
  totals: Array<{ label: string; value: string; strong?: boolean }>;
}

export interface MailDetail {
  label: string;
  value: string;
}

const page = { backgroundColor: '#f8f9fa', margin: 0, padding: '16px 0', fontFamily: 'Helvetica, Arial, sans-serif' };
const card = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', borderRadius: '8px', overflow: 'hidden' as const };
const body = { padding: '8px 24px 24px' };
const paragraph = { fontSize: '16px', lineHeight: '24px', color: '#212529', margin: '12px 0' };
const cell = { fontSize: '15px', lineHeight: '22px', color: '#212529', margin: 0 };
const cellMuted = { fontSize: '13px', lineHeight: '18px', color: '#5c636a', margin: 0 };
const small = { fontSize: '13px', lineHeight: '20px', color: '#5c636a', margin: '8px 0', overflowWrap: 'anywhere' as const };

/**
 * The one layout of every mail (React Email renders it to table HTML that mail apps understand):
 * a coloured band with the product's name, a heading, the text, one button, small print. One
 * column at most 560 px wide, 16 px text: readable on a phone without zooming.
 */
export function MailLayout({ content }: { content: MailContent }) {
  const brand = MAIL_BRANDS[content.brand];
  return (
    <Html lang={content.language}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section style={{ backgroundColor: brand.accent, padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: '20px', fontWeight: 700, margin: 0 }}>{content.appName}</Text>
          </Section>
          <Section style={body}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '28px', color: '#212529', margin: '16px 0 8px' }}>
              {content.heading}
            </Heading>
            {content.paragraphs.map((text) => (
              <Text key={text} style={paragraph}>
                {text}
              </Text>
            ))}
            {content.items ? <ItemsTable items={content.items} tint={brand.tint} /> : null}
            {content.details && content.details.length > 0 ? <DetailList details={content.details} tint={brand.tint} /> : null}
            {content.button ? (
              <Section style={{ padding: '12px 0' }}>
                <Button
                  href={content.button.url}
                  style={{ backgroundColor: brand.accent, color: '#ffffff', fontSize: '16px', fontWeight: 700, borderRadius: '6px', padding: '14px 20px', textDecoration: 'none' }}
                >
                  {content.button.label}
                </Button>
              </Section>
            ) : null}
            {content.after.map((text) => (
              <Text key={text} style={small}>
                {text}
              </Text>
            ))}
            <Hr style={{ borderColor: brand.tint, margin: '20px 0 12px' }} />
            <Text style={small}>{content.footer}</Text>
            {content.unsubscribe ? (
              <Text style={small}>
                <Link href={content.unsubscribe.url} style={{ color: '#5c636a', textDecoration: 'underline' }}>
                  {content.unsubscribe.label}
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The items of an order, one row per line: the name and "quantity x unit price" on the left, the
 * amount on the right (two columns only, so a 320 px phone reads it without scrolling), then the
 * sums, the total in bold.
 */
function ItemsTable({ items, tint }: { items: MailItems; tint: string }) {
  return (
    <Section style={{ margin: '8px 0 4px' }}>
      {items.lines.map((line, index) => (
        <Row key={`${index}-${line.name}`} style={{ borderBottom: `1px solid ${tint}` }}>
          <Column style={{ padding: '8px 8px 8px 0', verticalAlign: 'top' }}>
            <Text style={{ ...cell, fontWeight: 700 }}>{line.name}</Text>
            <Text style={cellMuted}>{line.detail}</Text>
          </Column>
          <Column style={{ padding: '8px 0', verticalAlign: 'top', textAlign: 'right', whiteSpace: 'nowrap', width: '1%' }}>
            <Text style={cell}>{line.amount}</Text>
          </Column>
        </Row>
      ))}
      {items.totals.map((total) => (
        <Row key={total.label}>
          <Column style={{ padding: '6px 8px 0 0' }}>
            <Text style={{ ...cell, fontWeight: total.strong ? 700 : 400 }}>{total.label}</Text>
          </Column>
          <Column style={{ padding: '6px 0 0', textAlign: 'right', whiteSpace: 'nowrap', width: '1%' }}>
            <Text style={{ ...cell, fontWeight: total.strong ? 700 : 400 }}>{total.value}</Text>
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** Label above value, one under the other: long addresses wrap instead of squeezing a column. */
function DetailList({ details, tint }: { details: MailDetail[]; tint: string }) {
  return (
    <Section style={{ backgroundColor: tint, borderRadius: '6px', padding: '4px 16px', margin: '16px 0 4px' }}>
      {details.map((detail) => (
        <Section key={detail.label} style={{ padding: '8px 0' }}>
          <Text style={cellMuted}>{detail.label}</Text>
          <Text style={{ ...cell, fontWeight: 700, overflowWrap: 'anywhere' }}>{detail.value}</Text>
        </Section>
      ))}
    </Section>
  );
}
