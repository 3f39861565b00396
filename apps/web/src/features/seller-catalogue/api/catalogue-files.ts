import {
  ZApplyCatalogueImportResponse,
  ZPreviewCatalogueImportResponse,
  type TApplyCatalogueImportRequest,
  type TApplyCatalogueImportResponse,
  type TPreviewCatalogueImportRequest,
  type TPreviewCatalogueImportResponse,
} from '@pulse/contract/catalogue-files';
import { API_URL } from '../../../config/env';
import { apiRequest } from '../../../lib/api-client';
import { SESSION_KEYS, readSessionValue } from '../../../lib/session-keys';
import { reactToSessionOrOutage } from './seller-failure-filter';

export const CATALOGUE_EXPORT_PATH = '/api/seller/catalogue/export.csv';
export const CATALOGUE_TEMPLATE_PATH = '/api/seller/catalogue/import-template.csv';

/** POST /api/seller/catalogue/imports/preview: what the file would create, change and refuse; writes nothing. */
export async function previewCatalogueImport(request: TPreviewCatalogueImportRequest): Promise<TPreviewCatalogueImportResponse> {
  return apiRequest('/api/seller/catalogue/imports/preview', { method: 'POST', body: request, schema: ZPreviewCatalogueImportResponse, reactTo: reactToSessionOrOutage });
}

/** POST /api/seller/catalogue/imports: applies one batch of the previewed file. */
export async function applyCatalogueImport(request: TApplyCatalogueImportRequest): Promise<TApplyCatalogueImportResponse> {
  return apiRequest('/api/seller/catalogue/imports', { method: 'POST', body: request, schema: ZApplyCatalogueImportResponse, reactTo: reactToSessionOrOutage });
}

/** Fetches a CSV of the API with the session's token and hands it to the browser as a download. */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv' });
  const token = readSessionValue(SESSION_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_URL}${path}`, { headers, credentials: 'include' });
  if (!response.ok) throw new Error(`download failed with status ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
