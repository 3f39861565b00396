import { LegalDocumentView } from '../components/legal-document-view';
import { buildPrivacyDocument } from '../data/privacy-document';
import { getAppName } from '../../../lib/get-app-name';
import { getContactEmail } from '../utils/get-contact-email';

export function PrivacyPage() {
  return <LegalDocumentView document={buildPrivacyDocument(getAppName(), getContactEmail())} />;
}
