import { LegalDocumentView } from '../components/legal-document-view';
import { buildTermsDocument } from '../data/terms-document';
import { getAppName } from '../../../lib/get-app-name';
import { getContactEmail } from '../utils/get-contact-email';

export function TermsPage() {
  return <LegalDocumentView document={buildTermsDocument(getAppName(), getContactEmail())} />;
}
